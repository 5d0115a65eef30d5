"""An SVG picture of an Oriente state, or of one seat's observation: the table as the
players see it.

The seats sit around the table clockwise, the first half along the top edge from left to
right and the rest along the bottom edge from right to left. Each seat shows its resident
card (face up with its name and value; face down as a card back, with the name only where
the viewer may know it: the whole position, or the viewer's own card), its disc (filled
while held), the stone of destiny if it holds it, its part in a fight or a revolution and
its victory cards, one small card per kind with the count, and their points. In the
middle: the deck's three segments and what lies under it, the bonus card, the workers
(hut, square, beside), and the announcement in force.
"""

from __future__ import annotations

from typing import Any

from rulespec.core import svg
from rulespec.oriente.actions import Announce
from rulespec.oriente.components import NAMES, VALUE, WORKERS, Card, points
from rulespec.oriente.state import ATTACKER, DEFENDER, Phase

PANEL_W, PANEL_H, GAP, MARGIN = 196, 142, 10, 14
CARD_W, CARD_H = 64, 90
TABLE_H = 190
FACE = "#f6e7c8"
BACK = "#7a4b2a"
BACK_LINE = "#b98a5a"
DISC = "#b0413e"
STONE = "#3f6fb5"
TABLE = "#e9e1cc"
SHORT = ("Nj", "Nf", "Ak", "Sa", "Da", "Ma", "Sō", "Sh", "Ge", "T", "T", "T")
"""Two letters per kind on the small victory cards (Ninja and Nōfu both start with N)."""
SEGMENT = {"top": "#dccaa0", "middle": "#cdb88a", "bottom": "#bea677", "under": "#b7aa95"}


def _card(
    x: float, y: float, w: float, h: float, *, label: str | None, value: int | None, up: bool
) -> list[str]:
    """A card: face up with ``label`` and ``value``; face down as a back, with ``label``
    written small when the viewer may know it (``None``: a back only)."""
    if up and label is not None:
        parts = [
            svg.element("rect", x=x, y=y, width=w, height=h, rx=5.0, fill=FACE, stroke=svg.INK),
            svg.text(x + w / 2, y + 14, label, size=9.5, anchor="middle"),
        ]
        if value is not None:
            parts.append(
                svg.text(x + w / 2, y + h / 2 + 12, value, size=26, anchor="middle", weight="bold")
            )
        return parts
    parts = [
        svg.element("rect", x=x, y=y, width=w, height=h, rx=5.0, fill=BACK, stroke=svg.INK),
        svg.element(
            "rect",
            x=x + 5,
            y=y + 5,
            width=w - 10,
            height=h - 10,
            rx=3.0,
            fill="none",
            stroke=BACK_LINE,
            stroke_dasharray="3 2",
        ),
    ]
    if label is None:
        parts.append(svg.text(x + w / 2, y + h / 2 + 8, "?", size=22, anchor="middle", fill=FACE))
    else:
        parts.append(svg.text(x + w / 2, y + h / 2 - 2, label, size=9, anchor="middle", fill=FACE))
        parts.append(
            svg.text(x + w / 2, y + h / 2 + 12, "face down", size=8, anchor="middle", fill=FACE)
        )
    return parts


def _resident(view: Any, seat: int, observation: bool) -> tuple[Card | None, bool]:
    """``(card, present)``: the resident the viewer may name (None if hidden or none),
    and whether the seat has one at all."""
    card = view.residents[seat]
    if observation and seat == view.player:
        card = view.resident
    replacing = view.phase in (Phase.PICK, Phase.REDRAW) and view.seat == seat
    if card is None:
        hidden = observation and not view.face_up[seat] and seat != view.player
        shown_all = view.phase in (*_SETUP, Phase.OVER)  # none yet; or all turned up to count
        return None, hidden and not replacing and not shown_all
    return card, True


_SETUP = (Phase.TREASURES, Phase.RESIDENTS)


def _width(n: int) -> int:
    """The picture's width: the top row of seats, or room for the table's middle."""
    return 2 * MARGIN + max(((n + 1) // 2) * (PANEL_W + GAP) - GAP, 760)


def _place(n: int, seat: int) -> tuple[float, float, bool]:
    """Where seat ``seat``'s panel goes: ``(x, y, top_row)``; clockwise around the table,
    each row centred."""
    top = (n + 1) // 2
    row, k = (top, seat) if seat < top else (n - top, n - 1 - seat)  # bottom: right to left
    left = (_width(n) - (row * (PANEL_W + GAP) - GAP)) / 2
    y = MARGIN + 40 if seat < top else MARGIN + 40 + PANEL_H + TABLE_H + 2 * GAP
    return left + k * (PANEL_W + GAP), y, seat < top


def _role(view: Any, seat: int) -> str:
    """The seat's part in the action under way."""
    side = view.sides[seat]
    act = _act(view)
    revolution = act is not None and act.act.value == "revolution"
    if side == ATTACKER:
        if revolution:
            return "leads the revolution" if seat == view.stone else "in the revolution"
        return "attacker" if seat == view.stone else "with the attacker"
    if side == DEFENDER:
        if revolution:
            return "victim"
        return "defender" if act is not None and act.target == seat else "with the defender"
    return ""


def _act(view: Any) -> Announce | None:
    """The announcement in force, from a state or an observation."""
    a = view.act
    if a is None or isinstance(a, Announce):
        return a
    return Announce(a, view.target, view.gift)


def _to_act(view: Any) -> int | None:
    actor = view.to_act if hasattr(view, "player") else view.current_player
    return actor if isinstance(actor, int) else None


def _seat_panel(view: Any, seat: int, observation: bool) -> str:
    n = len(view.piles)
    x, y, _ = _place(n, seat)
    acting = _to_act(view) == seat
    viewer = observation and seat == view.player
    parts = [
        svg.element(
            "rect",
            x=float(x),
            y=float(y),
            width=float(PANEL_W),
            height=float(PANEL_H),
            rx=8.0,
            fill="#fbf6ea" if not viewer else "#eef3fb",
            stroke=STONE if acting else "#a89a80",
            stroke_width=3.0 if acting else 1.0,
        ),
        svg.text(
            x + 8, y + 16, f"seat {seat}" + (" (you)" if viewer else ""), size=12, weight="bold"
        ),
    ]
    if acting:
        parts.append(svg.text(x + (110 if viewer else 70), y + 16, "to act", size=10, fill=STONE))
    card, present = _resident(view, seat, observation)
    cx, cy = x + 8, y + 24
    up = bool(view.face_up[seat])
    if card is not None:
        parts += _card(
            cx,
            cy,
            CARD_W,
            CARD_H,
            label=NAMES[card],
            value=VALUE[card] if card is not Card.GEISHA else None,
            up=up,
        )
    elif present:
        parts += _card(cx, cy, CARD_W, CARD_H, label=None, value=None, up=False)
    else:
        parts.append(
            svg.element(
                "rect",
                x=cx,
                y=cy,
                width=float(CARD_W),
                height=float(CARD_H),
                rx=5.0,
                fill="none",
                stroke="#a89a80",
                stroke_dasharray="4 3",
            )
        )
        parts.append(
            svg.text(cx + CARD_W / 2, cy + CARD_H / 2 + 4, "no resident", size=8, anchor="middle")
        )
    boost = view.boosts[seat]
    if boost is not None:
        parts += _card(cx + 30, cy + 44, 44, 40, label=NAMES[boost], value=VALUE[boost], up=True)
    # the disc and the stone
    dx, dy = x + CARD_W + 24, y + 36
    held = bool(view.discs[seat])
    parts.append(
        svg.group(
            [
                svg.element(
                    "circle",
                    cx=float(dx),
                    cy=float(dy),
                    r=9.0,
                    fill=DISC if held else "none",
                    stroke=DISC,
                    stroke_dasharray=None if held else "3 2",
                )
            ],
            tooltip="disc held" if held else "disc laid down",
        )
    )
    if view.stone == seat:
        parts.append(
            svg.group(
                [
                    svg.element(
                        "polygon",
                        points=f"{dx + 22},{dy - 10} {dx + 31},{dy} {dx + 22},{dy + 10} "
                        f"{dx + 13},{dy}",
                        fill=STONE,
                    )
                ],
                tooltip="the stone of destiny",
            )
        )
    role = _role(view, seat)
    if role:
        parts.append(
            svg.text(
                x + PANEL_W - 8, y + 16, role, size=9.5, anchor="end", fill=DISC, weight="bold"
            )
        )
    # the victory cards: a small card per kind, the count beneath
    pile = view.piles[seat]
    px, py = x + CARD_W + 14, y + 54
    shown = 0
    for kind, count in enumerate(pile):
        if not count:
            continue
        k = Card(kind)
        mx, my = px + (shown % 6) * 19, py + (shown // 6) * 34
        short = SHORT[kind]
        parts.append(
            svg.group(
                [
                    svg.element(
                        "rect",
                        x=float(mx),
                        y=float(my),
                        width=16.0,
                        height=22.0,
                        rx=2.0,
                        fill="#efe3b0" if kind >= Card.TREASURE_2 else FACE,
                        stroke=svg.INK,
                    ),
                    svg.text(mx + 8, my + 10, short, size=8, anchor="middle"),
                    svg.text(mx + 8, my + 19, VALUE[kind], size=8, anchor="middle", weight="bold"),
                    svg.text(mx + 8, my + 31, f"×{count}", size=8, anchor="middle"),
                ],
                tooltip=f"{count} × {NAMES[k]} ({VALUE[kind]} points each)",
            )
        )
        shown += 1
    total = points(pile)
    over = view.phase is Phase.OVER
    if over and card is not None:
        final = total + (0 if card is Card.GEISHA else VALUE[card])
        line = f"final score {final} ({total} + resident {final - total})"
    elif over:
        line = f"final score {total} (no resident)"
    else:
        line = f"{total} points in victory cards"
    parts.append(svg.text(x + 8, y + PANEL_H - 8, line, size=10))
    name = NAMES[card] if card is not None else "face down" if present else "no resident"
    tooltip = (
        f"seat {seat}: {name}{'' if up or card is None else ' (face down)'}, "
        f"{'disc held' if held else 'disc laid down'}, {total} points in victory cards"
    )
    return svg.group(parts, tooltip=tooltip)


def _deck(view: Any, observation: bool, x: float, y: float) -> list[str]:
    """The deck's segments as stacks, with what lies under it, the bonus card and the
    card(s) parked under the stone."""
    if observation:
        top, middle, bottom, under = view.top, view.middle, view.bottom, view.under
        bonus, parked = view.bonus, view.parked
    else:
        deck = view.deck
        top, middle, bottom = deck.top, deck.middle, deck.bottom
        under = sum([sum(u) for u in deck.under])
        bonus, parked = sum(view.bonus), sum(view.parked)
    parts = [
        svg.text(x, y + 12, f"deck: {top + middle + bottom + under} cards", size=11, weight="bold")
    ]
    segments = (
        ("top", top, "top segment (Shōgun, Ninjas among them)"),
        ("middle", middle, "middle segment (the Geisha among the first five)"),
        ("bottom", bottom, "bottom segment"),
        ("under", under, "put under the deck since"),
    )
    for i, (key, count, what) in enumerate(segments):
        sx, sy = x + i * 62, y + 22
        depth = min(count, 12)
        stack = [
            svg.element(
                "rect",
                x=float(sx + 2 * d / 3),
                y=float(sy + 12 - d),
                width=44.0,
                height=62.0,
                rx=3.0,
                fill=SEGMENT[key] if count else "none",
                stroke=svg.INK if count else "#a89a80",
                stroke_dasharray=None if count else "3 2",
            )
            for d in range(max(1, depth // 3))
        ]
        stack.append(
            svg.text(
                sx + 24,
                sy + 52,
                count,
                size=16,
                anchor="middle",
                weight="bold",
            )
        )
        stack.append(svg.text(sx + 24, sy + 90, key, size=9.5, anchor="middle"))
        parts.append(svg.group(stack, tooltip=f"{what}: {count} cards"))
    bx = x + 4 * 62 + 6
    if bonus:
        parts.append(
            svg.group(
                _card(bx, y + 30, 40, 56, label=None, value=None, up=False),
                tooltip=f"{bonus} bonus card(s), face down",
            )
        )
    parts.append(svg.text(bx + 20, y + 112, f"bonus {bonus}", size=9.5, anchor="middle"))
    if parked:
        parts.append(
            svg.text(bx + 20, y + 126, f"{parked} under the stone", size=9, anchor="middle")
        )
    return parts


def _workers(view: Any, x: float, y: float) -> list[str]:
    """Six workers: in the hut, on the village square, or beside it."""
    hut, square = view.hut, view.square
    beside = WORKERS - hut - square
    parts = [svg.text(x, y + 12, "workers", size=11, weight="bold")]
    places = (("hut", hut), ("square", square), ("beside", beside))
    for row, (name, count) in enumerate(places):
        wy = y + 30 + row * 22
        parts.append(svg.text(x, wy + 4, name, size=9.5))
        for k in range(count):
            parts.append(
                svg.element(
                    "circle", cx=float(x + 52 + k * 13), cy=float(wy), r=5.0, fill="#6b5b45"
                )
            )
    return [svg.group(parts, tooltip=f"workers: hut {hut}, square {square}, beside {beside}")]


def svg_picture(view: Any) -> str:
    """The picture of a state or an observation."""
    observation = hasattr(view, "player")
    n = len(view.piles)
    width = _width(n)
    height = MARGIN + 40 + 2 * PANEL_H + TABLE_H + 2 * GAP + MARGIN
    header = f"Oriente, {n} players, phase {view.phase.value}"
    if observation:
        header += f": what seat {view.player} sees"
    parts = [svg.text(MARGIN, MARGIN + 16, header, size=15, weight="bold")]
    act = _act(view)
    actor = _to_act(view)
    status = (
        f"announced by seat {view.stone}: {act}" if act is not None else "no announcement in force"
    )
    if view.phase is Phase.OVER:
        final = view.final_outcome if observation else view.outcome()
        status = "the game is over" + (f": {final.summary()}" if final is not None else "")
    elif actor is None:
        status += "; chance to draw"
    parts.append(svg.text(MARGIN, MARGIN + 34, status, size=11))
    ty = MARGIN + 40 + PANEL_H + GAP
    parts.append(
        svg.element(
            "rect",
            x=float(MARGIN),
            y=float(ty),
            width=float(width - 2 * MARGIN),
            height=float(TABLE_H),
            rx=40.0,
            fill=TABLE,
            stroke="#a89a80",
        )
    )
    mx = (width - 560) / 2
    parts += _deck(view, observation, mx, ty + 24)
    parts += _workers(view, mx + 5 * 62 + 40, ty + 24)
    haul = sum(view.haul)
    if haul:
        parts.append(
            svg.text(mx + 5 * 62 + 40, ty + 130, f"revolution's pool: {haul} cards", size=10)
        )
    parts += [_seat_panel(view, seat, observation) for seat in range(n)]
    who = (
        f"seat {actor}"
        if actor is not None
        else ("terminal" if view.phase is Phase.OVER else "chance")
    )
    seen = f"what seat {view.player} sees" if observation else "the whole table"
    label = (
        f"Oriente, {n} players, phase {view.phase.value}, stone: seat {view.stone}, "
        f"to act: {who} ({seen})"
    )
    return svg.document(width, height, label, parts)
