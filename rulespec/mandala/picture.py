"""An SVG picture of the Mandala table: the three mandalas with their tiles, markers and
every seat's cards, then each seat's hand, tiles and flowers, and the piles.

Drawn from a state (everything, every hand included) or from one seat's observation
(only what that seat sees: the other hands show as face-down cards with their size).
Cards are small rectangles in their colour with the count on them: filled when face up,
outlined when face down. Tiles are squares with their face. A seat is a numbered disc;
the majority marker is that disc with a gold ring, in the mandala it belongs to.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from rulespec.core.api import Node
from rulespec.core.svg import INK, document, element, group, text
from rulespec.mandala.components import COLOURS, Colour, Counts, Face, Tile, describe
from rulespec.mandala.observation import MandalaObservation
from rulespec.mandala.scoring import Holdings, outcome, score
from rulespec.mandala.state import Area, State

CARD_FILL: dict[Colour, str] = {
    Colour.BLACK: "#2d2d2d",
    Colour.PURPLE: "#7e3fa6",
    Colour.RED: "#d1262b",
    Colour.GREEN: "#23924a",
    Colour.ORANGE: "#f08a12",
    Colour.YELLOW: "#f2cb05",
}
"""The colour each card and tile is drawn in."""
_LIGHT = frozenset({Colour.ORANGE, Colour.YELLOW})
"""Colours light enough that text on them is dark."""
GOLD = "#c8960c"
HIGHLIGHT = "#1d6fd1"
"""The outline of the mandala played into this turn, or being resolved."""
PANEL = "#f6efe0"

WIDTH = 960
MARGIN = 16
PANEL_WIDTH = (WIDTH - 4 * MARGIN) // 3
CARD_W, CARD_H = 20, 28
TILE = 38
SMALL_TILE = 30
SEAT_ROW = 34
PLAYER_ROW = 56


@attrs.frozen
class _Scene:
    """What the picture shows, read from a state or an observation alike."""

    players: int
    phase: str
    turn: int
    to_act: int | Node
    mandalas: tuple[Area, ...]
    hands: tuple[Counts | None, ...]
    """Each seat's hand, None where it is hidden from the viewer."""
    hand_sizes: tuple[int, ...]
    holdings: tuple[Holdings, ...]
    deck: int
    discard: Counts
    stacks: tuple[int, int]
    played: int | None
    resolving: int | None
    final: tuple[int, ...] | None
    viewer: int | None
    """The seat whose observation this is; None for a whole state."""

    @classmethod
    def of(cls, view: State | MandalaObservation) -> _Scene:
        """The scene of a state or of an observation."""
        if isinstance(view, MandalaObservation):
            hands: tuple[Counts | None, ...] = tuple(
                view.hand if s == view.player else None for s in range(len(view.hand_sizes))
            )
            return cls(
                len(view.hand_sizes), view.phase.value, view.turn, view.to_act,
                view.mandalas, hands, view.hand_sizes, view.holdings, view.deck_size,
                view.discard, (view.dark_left, view.light_left), view.played,
                view.resolving, view.final, view.player,
            )  # fmt: skip
        return cls(
            view.players, view.phase.value, view.turn, view.current_player, view.mandalas,
            view.hands, tuple(map(sum, view.hands)), view.holdings, sum(view.deck),
            view.discard, (len(view.dark), len(view.light)), view.played, view.resolving,
            view.final, None,
        )  # fmt: skip


def svg(view: State | MandalaObservation) -> str:
    """The picture of a Mandala state or observation, as an SVG document."""
    scene = _Scene.of(view)
    parts: list[str] = [_header(scene)]
    top = 58
    panel_height = 176 + SEAT_ROW * scene.players
    for m in range(len(scene.mandalas)):
        x = MARGIN + m * (PANEL_WIDTH + MARGIN)
        parts.append(_mandala(scene, m, x, top, panel_height))
    y = top + panel_height + MARGIN
    for seat in range(scene.players):
        parts.append(_player(scene, seat, MARGIN, y))
        y += PLAYER_ROW
    parts.append(_piles(scene, MARGIN, y + 6))
    y += 6 + 64
    parts.append(_legend(MARGIN, y))
    height = y + 28
    return document(WIDTH, height, _label(scene), parts)


def _label(scene: _Scene) -> str:
    who = f"seat {scene.to_act}" if isinstance(scene.to_act, int) else scene.to_act.name.lower()
    seen = "the whole table" if scene.viewer is None else f"what seat {scene.viewer} sees"
    return (
        f"Mandala, {scene.players} players, turn {scene.turn}, phase {scene.phase}, "
        f"to act: {who} ({seen})"
    )


def _header(scene: _Scene) -> str:
    extra = []
    if scene.to_act is Node.TERMINAL:
        won = outcome(scene.holdings, scene.hand_sizes).winners
        extra.append("game over: " + " and ".join(f"seat {s}" for s in sorted(won)) + " "
                     + ("wins" if len(won) == 1 else "share the win"))  # fmt: skip
    elif scene.resolving is not None:
        extra.append(f"resolving mandala {scene.resolving}")
    if scene.final is not None and scene.to_act is not Node.TERMINAL:
        extra.append(
            "final resolution, still to come: " + (", ".join(map(str, scene.final)) or "none")
        )
    who = f"seat {scene.to_act}" if isinstance(scene.to_act, int) else scene.to_act.name.lower()
    seen = "the whole table" if scene.viewer is None else f"what seat {scene.viewer} sees"
    acting = [] if scene.to_act is Node.TERMINAL else [f"to act: {who}"]
    line = " · ".join([f"phase {scene.phase}", *acting, *extra, seen])
    return text(
        MARGIN, 26, f"Mandala, {scene.players} players, turn {scene.turn}", size=16, weight="bold"
    ) + text(MARGIN, 46, line, size=13)


def seat_disc(x: float, y: float, seat: int, *, marker: bool = False, size: float = 11) -> str:
    """A seat as a numbered disc centred at ``(x, y)``; a marker has a gold ring."""
    ring = (
        element("circle", cx=float(x), cy=float(y), r=size + 4.0, fill="none",
                stroke=GOLD, stroke_width=3.5)
        if marker else ""
    )  # fmt: skip
    disc = element(
        "circle", cx=float(x), cy=float(y), r=float(size), fill="#ffffff", stroke=INK,
        stroke_width=1.5,
    )  # fmt: skip
    return ring + disc + text(x, y + size * 0.4, seat, size=size * 1.15, anchor="middle",
                              weight="bold")  # fmt: skip


def card(x: float, y: float, colour: Colour, count: int, *, up: bool = True) -> str:
    """``count`` cards of ``colour`` as one card with the count on it."""
    fill = CARD_FILL[colour]
    if up:
        ink = INK if colour in _LIGHT else "#ffffff"
        body = element(
            "rect", x=float(x), y=float(y), width=CARD_W, height=CARD_H, rx=3, fill=fill,
            stroke=INK, stroke_width=0.8,
        )  # fmt: skip
    else:
        ink = INK if colour in _LIGHT else fill
        body = element(
            "rect", x=x + 1.5, y=y + 1.5, width=CARD_W - 3, height=CARD_H - 3, rx=3,
            fill="#ffffff", stroke=fill, stroke_width=3,
        )  # fmt: skip
    size = 13 if count < 10 else 10  # two digits fit the card too
    number = text(x + CARD_W / 2, y + CARD_H / 2 + size * 0.38, count, size=size,
                  anchor="middle", fill=ink, weight="bold")  # fmt: skip
    side = "face up" if up else "face down"
    noun = "card" if count == 1 else "cards"
    return group([body, number], f"{count} {colour.label} {noun}, {side}")


def _cards(x: float, y: float, counts: Counts, *, up: bool) -> tuple[list[str], float]:
    """One card per colour present, left to right; the parts and the x after them."""
    parts = []
    for colour, n in zip(COLOURS, counts, strict=True):
        if n:
            parts.append(card(x, y, colour, n, up=up))
            x += CARD_W + 4
    return parts, x


def tile(x: float, y: float, t: Tile, size: float = TILE) -> str:
    """A flower tile: a square in its colour with its face."""
    fill = CARD_FILL[t.colour]
    ink = INK if t.colour in _LIGHT else "#ffffff"
    face = "×3" if t.face is Face.TIMES_THREE else t.face.value
    body = element(
        "rect", x=float(x), y=float(y), width=float(size), height=float(size), rx=5,
        fill=fill, stroke=INK, stroke_width=1.2,
    )  # fmt: skip
    label = text(x + size / 2, y + size / 2 + size * 0.17, face, size=size * 0.45,
                 anchor="middle", fill=ink, weight="bold")  # fmt: skip
    return group([body, label], f"tile {t.label}")


def _mandala(scene: _Scene, m: int, x: float, y: float, height: float) -> str:
    area = scene.mandalas[m]
    lit = m in (scene.played, scene.resolving)
    parts = [
        element(
            "rect", x=float(x), y=float(y), width=PANEL_WIDTH, height=float(height), rx=10,
            fill=PANEL, stroke=HIGHLIGHT if lit else INK, stroke_width=3.5 if lit else 1.2,
        ),
        text(x + 12, y + 22, f"mandala {m}", size=14, weight="bold"),
    ]  # fmt: skip
    if m == scene.resolving:
        parts.append(text(x + PANEL_WIDTH - 12, y + 22, "resolving", size=11, anchor="end",
                          fill=HIGHLIGHT))  # fmt: skip
    elif m == scene.played:
        parts.append(text(x + PANEL_WIDTH - 12, y + 22, "played this turn", size=11,
                          anchor="end", fill=HIGHLIGHT))  # fmt: skip
    cx, cy = x + PANEL_WIDTH / 2, y + 94
    parts += [
        element("circle", cx=cx, cy=cy, r=62.0, fill="#fbf3dc", stroke=INK, stroke_width=1.2),
        element("circle", cx=cx, cy=cy, r=52.0, fill="none", stroke="#d8c8a0",
                stroke_dasharray="4 3"),
    ]  # fmt: skip
    if area.tiles:
        left = cx - (len(area.tiles) * (TILE + 6) - 6) / 2
        for k, t in enumerate(area.tiles):
            parts.append(tile(left + k * (TILE + 6), cy - TILE / 2 - 8, t))
    else:
        parts.append(text(cx, cy - 4, "no tiles", size=11, anchor="middle"))
    if area.marker is None:
        parts.append(text(cx, cy + 38, "marker: centre", size=10, anchor="middle"))
    else:
        parts.append(group([seat_disc(cx, cy + 36, area.marker, marker=True)],
                           f"seat {area.marker} holds the majority marker"))  # fmt: skip
    row = y + 176
    for seat in range(scene.players):
        parts.append(seat_disc(x + 22, row + CARD_H / 2, seat, size=9))
        up, down = area.up[seat], area.down[seat]
        if any(up) or any(down):
            drawn, after = _cards(x + 40, row, up, up=True)
            parts += drawn
            drawn, _ = _cards(after + (6 if any(up) else 0), row, down, up=False)
            parts += drawn
        else:
            parts.append(text(x + 40, row + 18, "no cards", size=11, fill="#8a7a60"))
        row += SEAT_ROW
    return group(parts, f"mandala {m}")


def _player(scene: _Scene, seat: int, x: float, y: float) -> str:
    acting = scene.to_act == seat
    parts = [
        element(
            "rect", x=float(x), y=float(y), width=float(WIDTH - 2 * MARGIN),
            height=float(PLAYER_ROW - 6), rx=8, fill="#ffffff" if not acting else "#e8f0fb",
            stroke=HIGHLIGHT if acting else "#c9bda4", stroke_width=2.5 if acting else 1,
        ),
        seat_disc(x + 22, y + 25, seat),
        text(x + 40, y + 20, f"seat {seat}", size=12, weight="bold"),
        text(x + 40, y + 36, " · ".join(
            (["you"] if seat == scene.viewer else []) + (["to act"] if acting else [])
        ), size=11, fill=HIGHLIGHT),
    ]  # fmt: skip
    hand = scene.hands[seat]
    size = scene.hand_sizes[seat]
    parts.append(text(x + 110, y + 30, f"hand {size}", size=11))
    if hand is None:
        back = element(
            "rect", x=x + 160.0, y=y + 11.0, width=CARD_W, height=CARD_H, rx=3, fill="#8a7a60",
            stroke=INK, stroke_width=0.8,
        )  # fmt: skip
        parts.append(group([back], f"{size} cards, hidden from this seat"))
        end = x + 160 + CARD_W + 4
    else:
        drawn, end = _cards(x + 160, y + 11, hand, up=True)
        parts += drawn
    h = scene.holdings[seat]
    tx = max(end + 16, x + 330)
    parts.append(text(tx, y + 30, "tiles", size=11))
    tx += 34
    room = WIDTH - MARGIN - 110 - tx  # up to the points
    wide = len(h.flowers) * (2 * SMALL_TILE + 14) + len(h.loose) * (SMALL_TILE + 4)
    small = SMALL_TILE if wide <= room else max(14.0, SMALL_TILE * room / wide)
    for a, b in h.flowers:
        parts.append(element("rect", x=tx - 3.0, y=y + 7.0, width=2.0 * small + 8,
                             height=small + 6.0, rx=6, fill="none", stroke=GOLD,
                             stroke_width=2))  # fmt: skip
        pair = [tile(tx, y + 10, a, small), tile(tx + small + 2, y + 10, b, small)]
        parts.append(group(pair, f"a flower: {a.label} + {b.label}"))
        tx += 2 * small + 14
    for t in sorted(h.loose):
        parts.append(tile(tx, y + 10, t, small))
        tx += small + 4
    if not h.tiles:
        parts.append(text(tx, y + 30, "none", size=11, fill="#8a7a60"))
    points = score(h)
    worth = f"{points} point{'' if points == 1 else 's'}"
    parts.append(text(WIDTH - MARGIN - 12, y + 30, worth, size=13,
                      anchor="end", weight="bold"))  # fmt: skip
    hidden = "hidden" if hand is None else describe(hand)
    return group(parts, f"seat {seat}: hand {hidden}")


def _piles(scene: _Scene, x: float, y: float) -> str:
    back = element("rect", x=float(x), y=y + 14.0, width=CARD_W, height=CARD_H, rx=3,
                   fill="#8a7a60", stroke=INK, stroke_width=0.8)  # fmt: skip
    parts = [
        text(x, y + 8, "draw pile", size=11),
        group([back], f"{scene.deck} cards in the draw pile"),
        text(x + CARD_W + 6, y + 33, scene.deck, size=13, weight="bold"),
        text(x + 90, y + 8, "discard pile", size=11),
    ]
    drawn, end = _cards(x + 90, y + 14, scene.discard, up=True)
    parts += drawn or [text(x + 90, y + 33, "empty", size=11, fill="#8a7a60")]
    sx = max(end, x + 170) + 30
    parts.append(text(sx, y + 8, "tile stacks (dark, light)", size=11))
    for k, (shade, left) in enumerate(zip(("#5b4a3a", "#e9dcc0"), scene.stacks, strict=True)):
        bx = sx + k * 70
        parts.append(group([
            element("rect", x=float(bx), y=y + 14.0, width=28.0, height=28.0, rx=4, fill=shade,
                    stroke=INK),
            text(bx + 34, y + 33, left, size=13, weight="bold"),
        ], f"{left} tiles with a {'dark' if k == 0 else 'light'} back"))  # fmt: skip
    return group(parts)


def _legend(x: float, y: float) -> str:
    samples: Iterable[str] = (
        card(x, y, Colour.RED, 2, up=True),
        text(x + 26, y + 18, "face up", size=11),
        card(x + 90, y, Colour.RED, 1, up=False),
        text(x + 116, y + 18, "face down", size=11),
        seat_disc(x + 205, y + 14, 0, marker=True, size=9),
        text(x + 224, y + 18, "majority marker of seat 0", size=11),
        text(x + 420, y + 18, "colours: " + ", ".join(c.label for c in COLOURS), size=11),
    )
    return group(samples, "legend")
