"""An SVG picture of a White Lotus position: the board with every chip, owner and claim
marker, and beside it each seat's points, cards and buildings and the step under way.

The board is drawn from its data (:doc:`/lotus-board`): one flat-topped hexagon per area
at its ``pos`` on an odd-q offset grid (odd columns half a row lower), so on the schematic
board hexagons touch exactly where areas are adjacent. As on the table, a neutral chip is
square and a player's chip round, in the player's colour, each with its building's letter;
claim markers are small discs in their players' colours. Areas out of play are grey, the
lotus start areas carry an L and the dragon areas a D.

Drawn from a state (everything, secret commitments included) or from one seat's
observation (only what that seat sees: other players' cards show as ``?``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from rulespec.core.api import Node
from rulespec.core.svg import INK, document, element, group, text
from rulespec.lotus import rules as steps
from rulespec.lotus.board import Area
from rulespec.lotus.components import BUILDINGS, Chip, Side
from rulespec.lotus.notation import LETTERS
from rulespec.lotus.observation import LotusObservation
from rulespec.lotus.render import bank_words
from rulespec.lotus.state import ConflictReveal, IncomeReveal, RebellionReveal, Reveal, State

if TYPE_CHECKING:
    from rulespec.lotus.game import LotusGame

SEAT_FILL = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9")
"""Each seat's colour (the Okabe–Ito palette, told apart with colour-blind eyes too)."""
SEAT_INK = ("#ffffff", "#ffffff", "#ffffff", "#ffffff", INK, INK)
"""The colour of text on each seat's colour."""
LIGHT_AREA, BROWN_AREA, OUT_OF_PLAY = "#f4ead5", "#d8bc8f", "#e2e2e2"
CONFLICT = "#c0392b"
"""The outline of the area being fought over."""
MUTED = "#8a7a60"

R = 33.0
"""Circumradius of an area's hexagon."""
SQRT3 = math.sqrt(3)
MARGIN = 16.0
TOP = 60.0
PANEL_WIDTH = 390.0
SEAT_ROW = 50.0


@attrs.frozen
class _Scene:
    """What the picture shows, read from a state or an observation alike."""

    game: LotusGame
    phase: str
    year: int
    emperor: int
    to_act: int | Node
    chips: tuple[Chip | None, ...]
    claims: tuple[frozenset[int], ...]
    influence: tuple[int | None, ...]
    """Each seat's influence points, None where hidden from the viewer."""
    combat: tuple[int | None, ...]
    vp: tuple[int, ...]
    bank: tuple[int, int]
    unseen: int
    conflict: int | None
    """The area being fought over."""
    leader: int | None
    notes: tuple[str, ...]
    """The step under way, in words."""
    last: Reveal | None
    viewer: int | None

    @classmethod
    def of(cls, view: State | LotusObservation) -> _Scene:
        """The scene of a state or of an observation."""
        game = view.game
        n = game.players
        notes: list[str] = []
        if isinstance(view, LotusObservation):
            influence: tuple[int | None, ...] = tuple(
                view.influence if s == view.player else None for s in range(n)
            )
            combat: tuple[int | None, ...] = tuple(
                view.combat if s == view.player else None for s in range(n)
            )
            to_act, unseen, viewer = view.to_act, view.unseen_chips, view.player
            c, r = view.conflict, view.rebellion
            if c is not None and c.committed:
                notes.append("bids in from " + _seats(c.committed))
            if c is not None and c.own_bid is not None:
                notes.append(f"your bid: {c.own_bid}")
            if r is not None:
                if r.sides:
                    joined = ", ".join(f"seat {s} {side.value}" for s, side in r.sides)
                    notes.append("sides joined: " + joined)
                if r.committed:
                    notes.append("chosen so far: " + _seats(r.committed))
                if r.own_combat is not None:
                    notes.append(f"your combat: {r.own_combat}")
        else:
            influence, combat = view.influence, view.combat
            to_act, unseen, viewer = view.current_player, sum(view.unseen), None
            sc, sr = view.conflict, view.rebellion
            if sc is not None and sc.bids:
                notes.append("bids: " + "; ".join(f"seat {s}: {b}" for s, b in sc.bids))
            if sr is not None:
                if sr.sides:
                    joined = ", ".join(f"seat {s} {side.value}" for s, side in sr.sides)
                    notes.append("sides joined: " + joined)
                if sr.commits:
                    notes.append("combat: " + ", ".join(f"seat {s} {k}" for s, k in sr.commits))
        tied = view.conflict.tied if view.conflict is not None else frozenset()
        if tied:
            notes.append("tied, for the emperor to choose: " + _seats(sorted(tied)))
        won = None if view.rebellion is None else view.rebellion.winners
        if won is not None:
            notes.append(f"{_side(won)} won the rebellion")
        e = view.expansion
        if e is not None:
            if e.drawn is not None:
                notes.append(f"chip drawn: {e.drawn.label}, to place")
            if e.slots:
                notes.append("chips still to draw for " + _seats([s for s, _ in e.slots]))
        if view.final and to_act is not Node.TERMINAL:
            notes.append("every area is owned: the game ends after this year's rebellion")
        return cls(
            game, view.phase.value, view.year, view.emperor, to_act, view.chips, view.claims,
            tuple(influence), tuple(combat), view.vp, view.bank, unseen,
            None if view.conflict is None else view.conflict.area,
            None if view.rebellion is None else view.rebellion.leader, tuple(notes),
            view.last, viewer,
        )  # fmt: skip


def _seats(seats: Sequence[int]) -> str:
    return ", ".join(f"seat {s}" for s in seats) or "nobody"


def svg(view: State | LotusObservation) -> str:
    """The picture of a White Lotus state or observation, as an SVG document."""
    scene = _Scene.of(view)
    game = scene.game
    board = game.board
    cols = [round(a.pos[0]) for a in board.areas]
    rows = [a.pos[1] for a in board.areas]
    col0 = min(cols)
    col0 -= col0 % 2  # odd columns stay the shifted ones
    row0 = math.floor(min(rows))
    centres = [_centre(c - col0, r - row0) for c, r in zip(cols, rows, strict=True)]
    board_width = max(x for x, _ in centres) + R + MARGIN
    board_height = max(y for _, y in centres) + SQRT3 / 2 * R + MARGIN
    parts = [_header(scene)]
    in_play = game.in_play_set
    for i, (area, (x, y)) in enumerate(zip(board.areas, centres, strict=True)):
        parts.append(_area(scene, i, area, (x, y), i in in_play))
    panel = _panel(scene, board_width + 8, TOP)
    height = max(board_height, panel[1]) + 8
    legend_y = height
    parts += [panel[0], _legend(MARGIN, legend_y)]
    return document(board_width + 8 + PANEL_WIDTH + MARGIN, legend_y + 48, _label(scene), parts)


def _centre(col: int, row: float) -> tuple[float, float]:
    x = MARGIN + R + 1.5 * R * col
    y = TOP + SQRT3 / 2 * R + SQRT3 * R * (row + 0.5 * (col % 2))
    return x, y


def _hexagon(x: float, y: float) -> str:
    return " ".join(
        f"{x + R * math.cos(math.radians(60 * k)):.1f},{y + R * math.sin(math.radians(60 * k)):.1f}"
        for k in range(6)
    )


def _label(scene: _Scene) -> str:
    edition = scene.game.variant.edition.value
    who = f"seat {scene.to_act}" if isinstance(scene.to_act, int) else scene.to_act.name.lower()
    seen = "the whole table" if scene.viewer is None else f"what seat {scene.viewer} sees"
    return (
        f"White Lotus ({edition}), {len(scene.vp)} players, year {scene.year}, phase "
        f"{scene.phase}, emperor: seat {scene.emperor}, to act: {who} ({seen})"
    )


def _header(scene: _Scene) -> str:
    edition = scene.game.variant.edition.value
    who = f"seat {scene.to_act}" if isinstance(scene.to_act, int) else scene.to_act.name.lower()
    seen = "the whole table" if scene.viewer is None else f"what seat {scene.viewer} sees"
    return text(
        MARGIN, 26, f"White Lotus ({edition}), {len(scene.vp)} players, year {scene.year}",
        size=16, weight="bold",
    ) + text(
        MARGIN, 46, f"phase {scene.phase} · emperor: seat {scene.emperor} · "
        + ("" if scene.to_act is Node.TERMINAL else f"to act: {who} · ")
        + seen,
        size=13,
    ) + (text(MARGIN + 620, 26, _result(scene), size=14, weight="bold", fill=CONFLICT)
         if scene.to_act is Node.TERMINAL else "")  # fmt: skip


def seat_disc(x: float, y: float, seat: int, size: float = 11) -> str:
    """A seat as a disc in its colour with its number."""
    return element(
        "circle", cx=float(x), cy=float(y), r=float(size), fill=SEAT_FILL[seat], stroke=INK,
        stroke_width=1.2,
    ) + text(x, y + size * 0.42, seat, size=size * 1.1, anchor="middle", fill=SEAT_INK[seat],
             weight="bold")  # fmt: skip


def chip(x: float, y: float, c: Chip, size: float = 14.0) -> str:
    """A chip centred at ``(x, y)``: square and white if neutral, round in its owner's
    colour otherwise, with its building's letter."""
    letter = LETTERS[c.building]
    if c.owner is None:
        body = element(
            "rect", x=x - size, y=y - size, width=2 * size, height=2 * size, rx=3,
            fill="#ffffff", stroke=INK, stroke_width=1.5,
        )  # fmt: skip
        ink = INK
    else:
        body = element(
            "circle", cx=float(x), cy=float(y), r=float(size), fill=SEAT_FILL[c.owner],
            stroke=INK, stroke_width=1.5,
        )  # fmt: skip
        ink = SEAT_INK[c.owner]
    return body + text(x, y + size * 0.4, letter, size=size * 1.05, anchor="middle", fill=ink,
                       weight="bold")  # fmt: skip


def _mark(x: float, y: float, letter: str, fill: str, ink: str) -> str:
    return element("circle", cx=float(x), cy=float(y), r=6.5, fill=fill, stroke=ink,
                   stroke_width=1.2) + text(x, y + 3.5, letter, size=9, anchor="middle",
                                            fill=ink, weight="bold")  # fmt: skip


def _area(scene: _Scene, i: int, a: Area, at: tuple[float, float], in_play: bool) -> str:
    x, y = at
    brown = a.brown
    fill = (BROWN_AREA if brown else LIGHT_AREA) if in_play else OUT_OF_PLAY
    fought = scene.conflict == i
    parts = [
        element(
            "polygon", points=_hexagon(x, y), fill=fill, stroke=CONFLICT if fought else INK,
            stroke_width=4.0 if fought else 1.2,
        ),
        text(x, y + R * 0.72, a.id, size=9, anchor="middle", fill=INK if in_play else MUTED),
    ]  # fmt: skip
    kinds = ["brown" if brown else "light"]
    if not in_play:
        kinds.append("out of play")
    if a.lotus:
        parts.append(_mark(x - R * 0.45, y + R * 0.42, "L", "#ffffff", "#9d174d"))
        kinds.append("lotus start area")
    if a.dragon:
        parts.append(_mark(x + R * 0.45, y + R * 0.42, "D", "#b91c1c", "#ffffff"))
        kinds.append("dragon area")
    c = scene.chips[i]
    if c is not None:
        parts.append(chip(x, y - 4, c, 12.0))
        owner = "neutral" if c.owner is None else f"seat {c.owner}'s"
        kinds.append(f"{owner} {c.building.label}")
    claimants = sorted(scene.claims[i])
    for seat, (dx, dy) in zip(claimants, _marker_spots(len(claimants)), strict=False):
        parts.append(element("circle", cx=x + dx, cy=y + dy, r=4.5, fill=SEAT_FILL[seat],
                             stroke=INK, stroke_width=1))  # fmt: skip
    if claimants:
        kinds.append("claimed by " + _seats(claimants))
    if fought:
        kinds.append("being fought over")
    return group(parts, f"{a.id}: {a.name}; {', '.join(kinds)}")


def _marker_spots(count: int) -> list[tuple[float, float]]:
    """Where up to six claim markers sit, from an area's centre: up to four in a row
    above the chip, then one on each side of it (all inside the hexagon)."""
    top = min(count, 4)
    row = [(9.5 * (k - (top - 1) / 2), -R * 0.66) for k in range(top)]
    return row + [(-21.0, -4.0), (21.0, -4.0)][: count - top]


def _scores(scene: _Scene) -> tuple[int, ...]:
    """Points each seat would score now (as ``State.scores``, from what is on view)."""
    game = scene.game
    n = len(scene.vp)
    owned = [[i for i, c in enumerate(scene.chips) if c is not None and c.owner == s]
             for s in range(n)]  # fmt: skip
    measure = game.variant.territory_measure
    adjacency = game.adjacency
    bonus = steps.territory_winner([steps.largest_group(o, adjacency, measure) for o in owned])
    areas = game.board.areas
    return tuple(
        steps.score(
            _held(scene.chips, s), sum(1 for i in owned[s] if areas[i].dragon), scene.vp[s],
            bonus == s,
        )
        for s in range(n)
    )  # fmt: skip


def _result(scene: _Scene) -> str:
    """Who won, once the game is over (as ``State.outcome``, from what is on view)."""
    scores = _scores(scene)
    palaces = [_held(scene.chips, s)[0] for s in range(len(scores))]
    won = sorted(steps.winners(scores, scene.emperor, palaces))
    verb = "wins" if len(won) == 1 else "share the win"
    return "game over: " + " and ".join(f"seat {s}" for s in won) + f" {verb}"


def _held(chips: tuple[Chip | None, ...], seat: int) -> tuple[int, ...]:
    held = [0] * len(BUILDINGS)
    for c in chips:
        if c is not None and c.owner == seat:
            held[c.building] += 1
    return tuple(held)


def _panel(scene: _Scene, x: float, y: float) -> tuple[str, float]:
    """The seats, the bank and the step under way; the parts and the y below them."""
    parts = []
    scores = _scores(scene)
    for seat in range(len(scene.vp)):
        acting = scene.to_act == seat
        row = [
            element(
                "rect", x=float(x), y=float(y), width=PANEL_WIDTH, height=SEAT_ROW - 6, rx=7,
                fill="#e8f0fb" if acting else "#ffffff", stroke="#1d6fd1" if acting else "#c9bda4",
                stroke_width=2.5 if acting else 1.0,
            ),
            seat_disc(x + 20, y + 22, seat),
        ]  # fmt: skip
        badges = []
        if seat == scene.emperor:
            badges.append("emperor")
        if seat == scene.leader:
            badges.append("rebel leader")
        if seat == scene.viewer:
            badges.append("you")
        if acting:
            badges.append("to act")
        row.append(text(x + 38, y + 18, f"seat {seat}", size=12, weight="bold"))
        row.append(text(x + 90, y + 18, " · ".join(badges), size=11, fill="#1d6fd1"))
        inf, com = scene.influence[seat], scene.combat[seat]
        cards = (
            f"influence {'?' if inf is None else inf}, combat {'?' if com is None else com}, "
            f"VP chips {scene.vp[seat]}"
        )
        row.append(text(x + 38, y + 35, cards, size=11))
        held = _held(scene.chips, seat)
        buildings = " ".join(f"{LETTERS[b]}{held[b]}" for b in BUILDINGS)
        points = f"{scores[seat]} point{'' if scores[seat] == 1 else 's'}"
        row.append(text(x + PANEL_WIDTH - 10, y + 18, points, size=12,
                        anchor="end", weight="bold"))  # fmt: skip
        row.append(text(x + PANEL_WIDTH - 10, y + 35, buildings, size=11, anchor="end",
                        fill=MUTED))  # fmt: skip
        parts.append(group(row, f"seat {seat}: {cards}; buildings {buildings}"))
        y += SEAT_ROW
    lines = [
        bank_words(scene.game.options.card_supply, scene.bank),
        f"neutral chips face down: {scene.unseen}",
        *scene.notes,
    ]
    if scene.last is not None:
        lines.append("last reveal: " + _reveal(scene, scene.last))
    for line in lines:
        for piece in _wrap(line, 58):
            y += 16
            parts.append(text(x + 4, y, piece, size=11))
    return group(parts), y + 12


def _reveal(scene: _Scene, last: Reveal) -> str:
    ids = scene.game.area_ids
    if isinstance(last, ConflictReveal):
        bids = "; ".join(
            f"seat {s} {p} against seat {t}" + (" +0-card" if z else "") for s, t, p, z in last.bids
        )
        leaves = "a tie" if last.loser is None else f"seat {last.loser} leaves"
        return f"{ids[last.area]}: {bids}; {leaves}"
    if isinstance(last, IncomeReveal):
        if not last.paid:
            chosen = ", ".join(f"seat {s} {k} palace(s) as combat" for s, k in last.choices)
            return f"income: {chosen or 'palace owners choosing'}"
        paid = "; ".join(f"seat {s} {i} influence, {c} combat" for s, i, c in last.paid)
        return f"income paid pro rata: {paid}"
    assert isinstance(last, RebellionReveal)
    emperor, rebels = last.totals
    return f"rebellion: emperor's side {emperor}, rebels {rebels}; {_side(last.winner)} won"


def _side(side: Side) -> str:
    return "the emperor's side" if side is Side.EMPEROR else "the rebels"


def _wrap(line: str, width: int) -> list[str]:
    """``line`` cut at spaces into pieces of at most ``width`` characters."""
    pieces: list[str] = []
    current = ""
    for word in line.split(" "):
        if current and len(current) + 1 + len(word) > width:
            pieces.append(current)
            current = "  " + word
        else:
            current = f"{current} {word}" if current else word
    return [*pieces, current]


def _legend(x: float, y: float) -> str:
    names = ", ".join(f"{LETTERS[b]} {b.label}" for b in BUILDINGS)
    parts = [
        chip(x + 10, y + 10, Chip(BUILDINGS[0]), 9.0),
        text(x + 24, y + 14, "neutral chip", size=11),
        chip(x + 112, y + 10, Chip(BUILDINGS[0], 0), 9.0),
        text(x + 126, y + 14, "seat 0's chip", size=11),
        element("circle", cx=x + 222, cy=y + 10, r=5.0, fill=SEAT_FILL[0], stroke=INK),
        text(x + 232, y + 14, "claim marker", size=11),
        _mark(x + 324, y + 10, "L", "#ffffff", "#9d174d"),
        text(x + 334, y + 14, "lotus start area", size=11),
        _mark(x + 440, y + 10, "D", "#b91c1c", "#ffffff"),
        text(x + 450, y + 14, "dragon area", size=11),
        text(x, y + 34, "buildings: " + names, size=11),
    ]
    return group(parts, "legend")
