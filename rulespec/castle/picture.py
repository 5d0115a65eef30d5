"""An SVG picture of The White Castle, laid out as the table looks.

The main board on the left: the Daimyo card on level 3, the two level-2 rooms and the
three level-1 rooms (each with its castle card's sections beside their die tiles, the
dark section greyed, and the room's die field), the three bridges with their dice (an
empty slot is a dashed outline) and their plant and stone gardens, the two outside
fields, the well with its two tiles, the training grounds and the seasons track with its
trees. On the right one family board per family (the solo rival's too): points, coins,
seals, the three resources on their 0-7 tracks, figures still on the board per row, the
court, gardens, warriors and the lantern. Rooms and fields are numbered as the notation
numbers them (``@0`` … ``@10``), seats in their colours.

Drawn from a state or from one seat's observation (the same table: nothing but the solo
top card's identity is hidden, and the picture shows only its bridge side). A finished
game shows each family's final score, with the final scoring done."""

from __future__ import annotations

from collections.abc import Sequence

from rulespec.castle.components import (
    COLOURS,
    RIVAL,
    Area,
    Colour,
    Effect,
    GardenKind,
    Place,
    Symbol,
)
from rulespec.castle.observation import CastleObservation
from rulespec.castle.scoring import final_scores
from rulespec.castle.state import Family, State
from rulespec.castle.tables import FIELD_FAMILY, FIELD_OUTSIDE, FIELD_WELL
from rulespec.core.api import Node
from rulespec.core.svg import INK, document, element, group, text

DIE_FILL = {Colour.RED: "#c62828", Colour.BLACK: "#263238", Colour.WHITE: "#fafafa"}
DIE_INK = {Colour.RED: "#ffffff", Colour.BLACK: "#ffffff", Colour.WHITE: INK}
SEAT_FILL = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#6d6d6d")
"""Each seat's colour (Okabe–Ito); the solo rival is grey."""
MUTED = "#8a7a60"
CARD = "#f4ead5"
DARK = "#d9d0bf"
GARDEN_FILL = {GardenKind.PLANT: "#dcedc8", GardenKind.STONE: "#e0d6c8"}
TREE = "#2e7d32"

WIDTH = 1010.0
PANEL_X = 664.0
ROOM_W = 204.0

_SHORT = {
    Symbol.LANTERN: "lantern",
    Symbol.CASTLE: "castle",
    Symbol.TRAINING: "training",
    Symbol.GARDEN: "garden",
    Symbol.WELL: "well",
    Symbol.FAMILY: "family row",
    Symbol.LIGHT: "light section",
    Symbol.ANY_TILE: "any tile",
    Symbol.WHITE_TILE: "white tile",
    Symbol.BLACK_TILE: "black tile",
    Symbol.RED_TILE: "red tile",
    Symbol.GATE: "to gate",
}


def short(e: Effect) -> str:
    """One printed symbol in a few characters: ``2 iron``, ``3 pts``, ``-2 coins``."""
    sym, n = e.symbol, e.amount
    amounts = {
        Symbol.COINS: "coins",
        Symbol.SEALS: "seals",
        Symbol.IRON: "iron",
        Symbol.FOOD: "food",
        Symbol.PEARL: "pearl",
        Symbol.VP: "pts",
        Symbol.ANY_RESOURCE: "any res.",
        Symbol.INFLUENCE: "influence",
    }
    if sym in amounts:
        noun = amounts[sym]
        return f"{n} {noun[:-1] if n == 1 and noun in ('coins', 'seals', 'pts') else noun}"
    if sym is Symbol.PAY_COINS:
        return f"pay {n} coin{'s' if n != 1 else ''}:"
    if sym is Symbol.PAY_SEALS:
        return f"pay {n} seal{'s' if n != 1 else ''}:"
    if sym is Symbol.CHOICE:
        return "/".join(_SHORT.get(o, o.label) for o in e.options)
    if sym is Symbol.ASCEND:
        return f"up {n}"
    return _SHORT.get(sym, sym.label.replace("_", " "))


def shorts(effects: Sequence[Effect]) -> str:
    """A printed action in a few words."""
    return " ".join(short(e) for e in effects) or "–"


def svg(view: State | CastleObservation) -> str:
    """The picture of a state or an observation."""
    parts: list[str] = [_heading(view)]
    parts += _castle(view)
    parts += _bridges(view)
    parts += _fields(view)
    parts += _grounds(view)
    bottom = _track(view)
    parts += bottom[0]
    parts += _pending(view, bottom[1])
    panel, panel_bottom = _families(view)
    parts += panel
    height = max(bottom[1] + 60, panel_bottom + 16)
    return document(WIDTH, height, _label(view), parts)


def _label(view: State | CastleObservation) -> str:
    """What a screen reader says of the picture, as detailed as the other games' labels:
    players, round, phase, who acts and whose view."""
    actor = view.current_player if isinstance(view, State) else view.to_act
    who = _name(view, actor) if isinstance(actor, int) else actor.name.lower()
    seen = "the whole table" if isinstance(view, State) else f"what seat {view.player} sees"
    n = view.game.players
    count = "1 player" if n == 1 else f"{n} players"
    return (
        f"The White Castle, {count}, round {view.round}, phase {view.phase.value}, "
        f"to act: {who} ({seen})"
    )


def _heading(view: State | CastleObservation) -> str:
    actor = view.current_player if isinstance(view, State) else view.to_act
    if actor is Node.TERMINAL:
        who = "final scoring done"
    elif actor is Node.CHANCE:
        who = "chance to deal"
    else:
        who = f"to act: {_name(view, int(actor))}"
    seen = "" if isinstance(view, State) else f" (seen by seat {view.player})"
    return text(
        16,
        26,
        f"The White Castle{seen}: round {view.round}, {view.phase.value.replace('_', ' ')}, {who}",
        size=16,
        weight="bold",
    )


def _is_rival(view: State | CastleObservation, seat: int) -> bool:
    """Whether ``seat`` is the solo rival's named seat (components.RIVAL)."""
    return seat == RIVAL and view.rival is not None


def _name(view: State | CastleObservation, seat: int) -> str:
    return "rival" if _is_rival(view, seat) else f"seat {seat}"


def _disc(x: float, y: float, colour: str, r: float = 6) -> str:
    return element("circle", cx=x, cy=y, r=r, fill=colour, stroke="#ffffff", stroke_width=1)


def _colour(view: State | CastleObservation, seat: int) -> str:
    """A seat's colour; the solo rival's is grey."""
    return SEAT_FILL[4] if _is_rival(view, seat) else SEAT_FILL[seat % 4]


def _die(x: float, y: float, colour: Colour | None, value: int, size: float = 28) -> list[str]:
    """A die showing ``value``; colour None for a die whose colour the table no longer
    records (a die on a field)."""
    fill = "#fff8e1" if colour is None else DIE_FILL[colour]
    ink = INK if colour is None else DIE_INK[colour]
    return [
        element("rect", x=x, y=y, width=size, height=size, rx=5, fill=fill, stroke=INK),
        text(x + size / 2, y + size * 0.7, value, size=size * 0.55, anchor="middle", fill=ink),
    ]


def _empty_slot(x: float, y: float, size: float = 28, label: str = "") -> list[str]:
    """An empty place for a die: a dashed outline, never a die."""
    out = [
        element(
            "rect",
            x=x,
            y=y,
            width=size,
            height=size,
            rx=5,
            fill="none",
            stroke=MUTED,
            stroke_dasharray="4 3",
        )
    ]
    if label:
        out.append(text(x + size / 2, y + size * 0.66, label, size=10, anchor="middle", fill=MUTED))
    return out


def _room_colours(view: State | CastleObservation, room: int) -> tuple[Colour | None, ...]:
    t = view.game.tables
    out: list[Colour | None] = []
    for number, diamond in zip(t.room_slots[room], t.diamond_colour[room], strict=True):
        if number == 0:
            out.append(diamond)
        else:
            tile = view.tiles[number - 1] if number - 1 < len(view.tiles) else None
            out.append(view.game.data.die_tiles[tile].colour if tile is not None else None)
    return tuple(out)


# --- the castle ------------------------------------------------------------------------


def _castle(view: State | CastleObservation) -> list[str]:
    parts = _daimyo(view, 150, 42)
    t = view.game.tables
    level2 = t.rooms_of_level(2)
    level1 = t.rooms_of_level(1)
    for i, room in enumerate(level2):
        parts += _room(view, room, 118 + i * (ROOM_W + 16), 126, 96)
    for i, room in enumerate(level1):
        parts += _room(view, room, 16 + i * (ROOM_W + 8), 232, 112)
    return parts


def _daimyo(view: State | CastleObservation, x: float, y: float) -> list[str]:
    w, h = 340.0, 74.0
    parts = [element("rect", x=x, y=y, width=w, height=h, rx=6, fill=CARD, stroke=INK)]
    if view.level3 is None:
        parts.append(text(x + 10, y + 20, "level 3: no Daimyo card yet", size=12))
        return parts
    card = view.game.data.level3[view.level3]
    parts.append(text(x + 10, y + 18, f"level 3: Daimyo card {card.id}", size=12, weight="bold"))
    n = len(card.spaces)
    sw = (w - 20) / max(n, 1)
    for i, space in enumerate(card.spaces):
        sx = x + 10 + i * sw
        owner = view.daimyo[i] if i < len(view.daimyo) else None
        parts.append(
            element(
                "rect", x=sx, y=y + 26, width=sw - 6, height=40, rx=4, fill="#fff", stroke=MUTED
            )
        )
        parts.append(text(sx + 6, y + 42, f"space {i}", size=10, fill=MUTED))
        parts.append(text(sx + 6, y + 58, shorts(space), size=11))
        if owner is not None:
            parts.append(_disc(sx + sw - 18, y + 38, _colour(view, owner), 7))
    beside = [f"{_name(view, p)} {k}" for p, k in enumerate(view.beside) if k]
    if beside:
        parts.append(text(x + w + 8, y + 46, "beside: " + ", ".join(beside), size=10))
    return parts


def _room(view: State | CastleObservation, room: int, x: float, y: float, h: float) -> list[str]:
    t = view.game.tables
    level = t.room_level[room]
    card_i = view.rooms[room] if room < len(view.rooms) else None
    parts = [element("rect", x=x, y=y, width=ROOM_W, height=h, rx=6, fill=CARD, stroke=INK)]
    head = f"room {room} · level {level}"
    if card_i is not None:
        head += f" · {t.cards[card_i].id}"
    parts.append(text(x + 8, y + 16, head, size=11, weight="bold"))
    colours = _room_colours(view, room)
    if card_i is None:
        parts.append(text(x + 8, y + 40, "no card (waiting for a refill)", size=11, fill=MUTED))
    else:
        card = t.cards[card_i]
        row_h = (h - 26) / max(len(card.sections), 1)
        for k, section in enumerate(card.sections):
            sy = y + 22 + k * row_h
            if k == card.dark:
                parts.append(
                    element("rect", x=x + 4, y=sy, width=ROOM_W - 48, height=row_h - 2, fill=DARK)
                )
            colour = colours[k] if k < len(colours) else None
            parts.append(
                element(
                    "rect",
                    x=x + 8,
                    y=sy + row_h / 2 - 8,
                    width=16,
                    height=16,
                    rx=3,
                    fill=DIE_FILL[colour] if colour is not None else "#ffffff",
                    stroke=INK,
                )
            )
            parts.append(text(x + 30, sy + row_h / 2 + 4, shorts(section.effects), size=10))
    # the die field: the room's printed value, or the die on top (and how many lie there)
    fx, fy = x + ROOM_W - 38, y + h - 38
    top = view.fields[room] if room < len(view.fields) else 0
    if top:
        parts += _die(fx, fy, None, top)
        stacked = view.stacked[room] if room < len(view.stacked) else 1
        if stacked > 1:
            parts.append(text(fx - 4, fy + 20, f"{stacked}×", size=10, anchor="end"))
    else:
        parts += _empty_slot(fx, fy, label=f"({t.room_value[room]})")
    parts.append(text(fx + 14, fy - 4, f"@{room}", size=9, anchor="middle", fill=MUTED))
    return parts


# --- bridges, gardens, fields ------------------------------------------------------------


def _bridges(view: State | CastleObservation) -> list[str]:
    parts = [
        text(16, 368, "bridges (lantern end left)", size=12, weight="bold"),
        text(300, 368, "gardens: plant, stone", size=12, weight="bold"),
    ]
    gardens = view.game.data.gardens
    for c in COLOURS:
        y = 378 + int(c) * 46
        parts.append(text(16, y + 20, f"{c.label}", size=12))
        for i, v in enumerate(view.bridges[c]):
            x = 66 + i * 34
            parts += _die(x, y, c, v) if v else _empty_slot(x, y)
        for kind in GardenKind:
            slot = 2 * int(c) + int(kind)
            gx = 300 + int(kind) * 180
            g = view.gardens[slot] if slot < len(view.gardens) else None
            parts.append(
                element("rect", x=gx, y=y - 2, width=172, height=34, rx=4, fill=GARDEN_FILL[kind])
            )
            if g is not None:
                garden = gardens[g]
                parts.append(
                    text(
                        gx + 6,
                        y + 11,
                        f"{garden.id}: {garden.cost} food, {garden.points} pts",
                        size=10,
                    )
                )
                parts.append(text(gx + 6, y + 26, shorts(garden.action), size=9))
            else:
                parts.append(text(gx + 6, y + 18, f"{kind.label} garden: none", size=10))
            owners = [p for p, f in enumerate(_all(view)) if slot in f.gardens]
            for j, p in enumerate(owners):
                parts.append(_disc(gx + 164 - j * 12, y + 6, _colour(view, p), 5))
    return parts


def _fields(view: State | CastleObservation) -> list[str]:
    board = view.game.data.board
    parts = []
    y = 522
    for i, outside in enumerate(board.outside):
        field = FIELD_OUTSIDE + i
        x = 16 + i * 212
        parts.append(element("rect", x=x, y=y, width=204, height=46, rx=6, fill=CARD, stroke=INK))
        parts.append(text(x + 8, y + 16, f"outside field @{field}", size=11, weight="bold"))
        options = " or ".join(_SHORT.get(o, o.label) for o in outside.options)
        parts.append(text(x + 8, y + 34, options, size=10))
        top = view.fields[field] if field < len(view.fields) else 0
        if top:
            parts += _die(x + 166, y + 9, None, top)
        else:
            parts += _empty_slot(x + 166, y + 9, label=f"({outside.value})")
    x = 440
    parts.append(element("rect", x=x, y=y, width=204, height=46, rx=23, fill="#d6eaf8", stroke=INK))
    parts.append(
        text(x + 14, y + 16, f"the well @{FIELD_WELL}: {board.well.seals} seal +", size=11)
    )
    backs = [
        shorts(view.game.data.die_tiles[t].back) for t in view.tiles[10:12] if t is not None
    ] or ["no tiles"]
    parts.append(text(x + 14, y + 34, ", ".join(backs), size=10))
    return parts


def _grounds(view: State | CastleObservation) -> list[str]:
    data = view.game.data
    t = view.game.tables
    parts = [text(16, 590, "training grounds", size=12, weight="bold")]
    fams = _all(view)
    for g, ground in enumerate(data.board.grounds):
        x = 16 + g * 212
        y = 598
        parts.append(element("rect", x=x, y=y, width=204, height=50, rx=6, fill="#eceff1"))
        parts.append(
            text(
                x + 6,
                y + 14,
                f"ground {g}: {ground.cost} iron, {ground.points} pt"
                f"{'s' if ground.points != 1 else ''} each",
                size=10,
            )
        )
        faces = []
        for slot in t.training_slots(g):
            tile = view.training[slot] if slot < len(view.training) else None
            if tile is not None:
                tt = data.training[tile]
                faces.append(shorts(tt.beige if t.side_of_slot[slot] else tt.blue))
        parts.append(text(x + 6, y + 30, " | ".join(faces) or "no tiles", size=10))
        dx = x + 8
        for p, f in enumerate(fams):
            for _ in range(f.grounds[g] if g < len(f.grounds) else 0):
                parts.append(_disc(dx, y + 41, _colour(view, p), 5))
                dx += 12
    return parts


def _track(view: State | CastleObservation) -> tuple[list[str], float]:
    track = view.game.data.board.track
    y = 672
    parts = [text(16, y - 6, "seasons track (0: the heron)", size=12, weight="bold")]
    step = min(32.0, 620.0 / (track.last + 1))
    trees = {tree.after: tree.seals for tree in track.trees}
    fams = _all(view)
    for space in range(track.last + 1):
        x = 16 + space * step
        parts.append(
            element("rect", x=x, y=y, width=step - 4, height=24, rx=3, fill="#fff", stroke=MUTED)
        )
        parts.append(text(x + (step - 4) / 2, y + 16, space, size=9, anchor="middle", fill=MUTED))
        if space in trees:
            tx = x + step - 2
            parts.append(
                group(
                    [
                        element(
                            "polygon",
                            points=f"{tx - 6},{y + 38} {tx},{y + 26} {tx + 6},{y + 38}",
                            fill=TREE,
                        ),
                        text(tx, y + 50, f"{trees[space]}s", size=9, anchor="middle", fill=TREE),
                    ],
                    f"a tree: passing it costs {trees[space]} seals",
                )
            )
        here = [p for p, f in enumerate(fams) if f.track == space]
        for j, p in enumerate(here):
            parts.append(_disc(x + 6 + (j % 3) * 8, y - 2 - (j // 3) * 8, _colour(view, p), 4))
    return parts, y + 74


def _pending(view: State | CastleObservation, y: float) -> list[str]:
    parts = [
        text(
            644,
            y - 6,
            "an empty field shows its printed value in brackets; grey: a card's dark section",
            size=9,
            anchor="end",
            fill=MUTED,
        )
    ]
    y += 8
    colour, value, _left = view.held
    if value:
        parts.append(text(16, y, f"in hand: the {COLOURS[colour].label} {value}", size=11))
        y += 16
    if view.agenda:
        tasks = "; ".join(shorts(task) for task in view.agenda[-1])
        parts.append(text(16, y, f"to resolve: {tasks}"[:110], size=11))
        y += 16
    solo = view.solo
    if solo is not None:
        # the bridge side of the top card is public; an observation holds only that
        side = getattr(solo, "top_side", None)
        if side is None and solo.top is not None:
            card = view.game.data.solo[solo.top]
            side = (card.colour, card.slot, card.target)
        if side is not None:
            c, slot, place = side
            parts.append(
                text(
                    16,
                    y,
                    f"solo deck top (bridge side): {c.label} die, {slot.label} slot, "
                    f"target {_place_words(place)}",
                    size=11,
                )
            )
    return parts


def _place_words(place: Place) -> str:
    """A solo card's target field by the notation's number (``room 3 @3``)."""
    if place.area is Area.ROOM:
        return f"room {place.index} (@{place.index})"
    if place.area is Area.OUTSIDE:
        return f"outside field @{FIELD_OUTSIDE + place.index}"
    if place.area is Area.WELL:
        return f"the well @{FIELD_WELL}"
    return f"family row @{FIELD_FAMILY + place.index}"


# --- family boards ---------------------------------------------------------------------


def _all(view: State | CastleObservation) -> list[Family]:
    fams = list(view.families)
    if view.rival is not None:
        fams.append(view.rival)
    return fams


def _finals(view: State | CastleObservation) -> tuple[int, ...] | None:
    if not isinstance(view, State):
        return None
    return final_scores(view)


def _families(view: State | CastleObservation) -> tuple[list[str], float]:
    parts = [text(PANEL_X, 56, "family boards", size=12, weight="bold")]
    finals = _finals(view)
    y = 64.0
    for p, f in enumerate(_all(view)):
        parts += _family(view, p, f, y, None if finals is None else finals[p])
        y += 150
    return parts, y


def _family(
    view: State | CastleObservation, p: int, f: Family, y: float, final: int | None
) -> list[str]:
    x, w = PANEL_X, WIDTH - PANEL_X - 12
    colour = _colour(view, p)
    parts = [
        element("rect", x=x, y=y, width=w, height=142, rx=6, fill="#ffffff", stroke=colour),
        element("rect", x=x, y=y, width=w, height=20, rx=6, fill=colour),
    ]
    score = f"final score {final}" if final is not None else f"{f.points} points"
    parts.append(
        text(x + 8, y + 15, f"{_name(view, p)}: {score}", size=12, fill="#ffffff", weight="bold")
    )
    parts.append(
        text(x + 8, y + 36, f"coins {f.coins}   seals {f.seals}   track space {f.track}", size=11)
    )
    for r, name in enumerate(("iron", "food", "pearl")):
        ry = y + 44 + r * 14
        parts.append(text(x + 8, ry + 10, name, size=10))
        for pip in range(7):
            filled = pip < f.resources[r]
            parts.append(
                element(
                    "rect",
                    x=x + 46 + pip * 12,
                    y=ry + 1,
                    width=10,
                    height=10,
                    rx=2,
                    fill=INK if filled else "#ffffff",
                    stroke=MUTED,
                )
            )
        parts.append(text(x + 134, ry + 10, f.resources[r], size=10))
    rows = ("courtiers", "gardeners", "warriors")
    for r, name in enumerate(rows):
        ry = y + 44 + r * 14
        die = f.dice[r]
        at = f", die {die} placed" if die else ""
        parts.append(text(x + 156, ry + 10, f"{name} on board {f.left[r]}{at}", size=10))
    court = f.court
    parts.append(
        text(
            x + 8,
            y + 100,
            f"court: gate {court[0]}, level 1: {court[1]}, level 2: {court[2]}, "
            f"level 3: {court[3]}",
            size=10,
        )
    )
    grounds = "/".join(map(str, f.grounds)) or "0"
    lantern = len(f.lantern)
    row_card = "none"
    if f.card is not None:
        actions = view.game.data.actions
        cards = view.game.tables.cards
        row_card = actions[f.card].id if f.card < len(actions) else cards[f.card - len(actions)].id
    parts.append(
        text(
            x + 8,
            y + 116,
            f"gardens {len(f.gardens)}   warriors on grounds {grounds}   lantern {lantern}",
            size=10,
        )
    )
    parts.append(text(x + 8, y + 132, f"row card {row_card}", size=10))
    return parts
