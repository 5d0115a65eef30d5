"""Mandala positions as JSON: the documented, hand-writable format and its validation.

``dump`` writes every field; ``load`` accepts the same and lets a hand-written position
leave out what follows from the rest. A minimal position::

    {"game": "mandala", "settings": {"players": 2},
     "hands": [{"red": 3, "green": 1}, {"black": 2}],
     "mandalas": [{"tiles": ["black-2", "green-5"]},
                  {"tiles": ["purple-3", "orange-x3"]},
                  {"tiles": ["red-7", "yellow-4"]}]}

Defaults: ``phase`` "play", ``seat`` 0, ``turn`` 1, ``pending`` 0, no ``discard``,
``deck`` and ``stacks`` "rest" (every card or tile not placed elsewhere), no cards in the
mandalas (``up``/``down``: one colour → count object per seat), markers in the centre,
no tiles in front of the players. Card piles are colour → count objects; tiles are
labels like ``"red-7"`` or ``"green-x3"``.

Loading checks the format, the conservation of all 90 cards and 36 tiles, and every
invariant the rules keep (a colour face up for one player at most, the marker with a
face-up majority, loose tiles never pairable, …), and reports every problem at once in a
:class:`~rulespec.MalformedPosition`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rulespec.core.positions import ProblemReader
from rulespec.errors import MalformedPosition, UnknownVariant
from rulespec.mandala import rules as steps
from rulespec.mandala.components import (
    CARDS_PER_COLOUR,
    COLOURS,
    DARK_TILES,
    LIGHT_TILES,
    NO_CARDS,
    NUM_MANDALAS,
    TILE_ORDER,
    TILES,
    Back,
    Colour,
    Counts,
    Tile,
    plus,
)
from rulespec.mandala.scoring import Holdings
from rulespec.mandala.state import Area, Phase, State

if TYPE_CHECKING:
    from rulespec.mandala.game import MandalaGame

_KEYS = {
    "game", "settings", "phase", "seat", "turn", "pending", "played", "resolving",
    "last_completed", "final", "deck", "discard", "hands", "mandalas", "stacks", "tiles",
}  # fmt: skip


def dump_counts(counts: Counts) -> dict[str, int]:
    """``{"red": 2, …}`` without the zero counts."""
    return {c.label: n for c, n in zip(COLOURS, counts, strict=True) if n}


def dump_area(area: Area) -> dict[str, Any]:
    """One mandala as JSON."""
    return {
        "tiles": [t.label for t in area.tiles],
        "marker": area.marker,
        "up": [dump_counts(c) for c in area.up],
        "down": [dump_counts(c) for c in area.down],
    }


def dump_holdings(h: Holdings) -> dict[str, Any]:
    """One player's tiles as JSON."""
    return {
        "loose": [t.label for t in sorted(h.loose, key=TILE_ORDER.__getitem__)],
        "flowers": [[a.label, b.label] for a, b in h.flowers],
    }


def dump(state: State) -> dict[str, Any]:
    """Every field of ``state``, in the position format ``load`` reads back."""
    return {
        "game": "mandala",
        "settings": dict(state.game.settings()),
        "phase": state.phase.value,
        "seat": state.seat,
        "turn": state.turn,
        "pending": state.pending,
        "played": state.played,
        "resolving": state.resolving,
        "last_completed": state.last_completed,
        "final": None if state.final is None else list(state.final),
        "deck": dump_counts(state.deck),
        "discard": dump_counts(state.discard),
        "hands": [dump_counts(h) for h in state.hands],
        "mandalas": [dump_area(a) for a in state.mandalas],
        "stacks": {
            "dark": [t.label for t in sorted(state.dark, key=TILE_ORDER.__getitem__)],
            "light": [t.label for t in sorted(state.light, key=TILE_ORDER.__getitem__)],
        },
        "tiles": [dump_holdings(h) for h in state.holdings],
    }


class _Reader(ProblemReader):
    """Reads Mandala's vocabulary: card counts, tiles, per-seat lists."""

    def counts(self, where: str, v: object) -> Counts:
        if not isinstance(v, Mapping):
            self.bad(where, f'expected an object like {{"red": 2}}, got {v!r}')
            return NO_CARDS
        out = list(NO_CARDS)
        for key, n in v.items():
            try:
                colour = Colour[str(key).upper()]
            except KeyError:
                valid = ", ".join(c.label for c in COLOURS)
                self.bad(where, f"{key!r} is not a colour ({valid})")
                continue
            out[colour] = self.integer(f"{where}.{key}", n, 0, CARDS_PER_COLOUR)
        return tuple(out)  # type: ignore[return-value]

    def tiles(self, where: str, v: object) -> list[Tile]:
        if not isinstance(v, list):
            self.bad(where, f'expected a list of tiles like ["red-7"], got {v!r}')
            return []
        out = []
        for i, label in enumerate(v):
            try:
                out.append(Tile.parse(str(label)))
            except ValueError as exc:
                self.bad(f"{where}[{i}]", str(exc))
        return out

    def seats(self, where: str, v: object, players: int) -> list[object]:
        if not isinstance(v, list) or len(v) != players:
            self.bad(where, f"expected a list with one entry per seat ({players}), got {v!r}")
            return [{}] * players
        return v


def _mandala(r: _Reader, where: str, v: object) -> int | None:
    """A mandala number, or None for ``null``."""
    return None if v is None else r.integer(where, v, 0, NUM_MANDALAS - 1)


def load(game: MandalaGame, data: Mapping[str, Any]) -> State:
    """Read a position for ``game``; every problem at once in a
    :class:`~rulespec.MalformedPosition`."""
    r = _Reader()
    if not isinstance(data, Mapping):
        raise MalformedPosition([f"a position must be a JSON object, got {type(data).__name__}"])
    if data.get("game", "mandala") != "mandala":
        r.bad("game", f"this is a Mandala position loader, got {data.get('game')!r}")
    for key in sorted(set(data) - _KEYS):
        r.bad(key, f"unknown key; a position has {', '.join(sorted(_KEYS))}")
    n = game.players
    settings = data.get("settings", game.settings())
    if isinstance(settings, Mapping):
        for key, value in game.settings().items():
            if key in settings and settings[key] != value:
                r.bad(f"settings.{key}", f"position says {settings[key]!r}, the game is {value!r}")

    try:
        phase = Phase(data.get("phase", "play"))
    except ValueError:
        r.bad("phase", f"{data.get('phase')!r} is not one of {[p.value for p in Phase]}")
        phase = Phase.PLAY
    seat = r.integer("seat", data.get("seat", 0), 0, n - 1)
    turn = r.integer("turn", data.get("turn", 1), 0, 10**6)
    pending = r.integer("pending", data.get("pending", 0), 0, 2 * NUM_MANDALAS + 8)
    played = _mandala(r, "played", data.get("played"))
    resolving = _mandala(r, "resolving", data.get("resolving"))
    last_completed = _mandala(r, "last_completed", data.get("last_completed"))
    final_raw = data.get("final")
    final: tuple[int, ...] | None = None
    if final_raw is not None:
        if isinstance(final_raw, list):
            final = tuple(
                r.integer(f"final[{i}]", m, 0, NUM_MANDALAS - 1) for i, m in enumerate(final_raw)
            )
            if len(set(final)) != len(final):
                r.bad("final", "lists a mandala twice")
        else:
            r.bad("final", f"expected a list of mandala numbers or null, got {final_raw!r}")

    hands = tuple(
        r.counts(f"hands[{i}]", h) for i, h in enumerate(r.seats("hands", data.get("hands"), n))
    )
    discard = r.counts("discard", data.get("discard", {}))

    raw_mandalas = data.get("mandalas")
    if not isinstance(raw_mandalas, list) or len(raw_mandalas) != NUM_MANDALAS:
        r.bad("mandalas", f"expected a list of {NUM_MANDALAS} mandalas, got {raw_mandalas!r}")
        raw_mandalas = [{}] * NUM_MANDALAS
    areas = []
    for m, raw_area in enumerate(raw_mandalas):
        where = f"mandalas[{m}]"
        raw = raw_area if isinstance(raw_area, Mapping) else {}
        if raw is not raw_area:
            r.bad(where, f"expected an object, got {raw_area!r}")
        for key in sorted(set(raw) - {"tiles", "marker", "up", "down"}):
            r.bad(f"{where}.{key}", "unknown key; a mandala has tiles, marker, up, down")
        tiles = r.tiles(f"{where}.tiles", raw.get("tiles", []))
        tiles.sort(key=lambda t: (t.back is not Back.DARK, TILE_ORDER[t]))
        marker = r.maybe_index(f"{where}.marker", raw.get("marker"), n - 1)
        up = tuple(
            r.counts(f"{where}.up[{i}]", c)
            for i, c in enumerate(r.seats(f"{where}.up", raw.get("up", [{}] * n), n))
        )
        down = tuple(
            r.counts(f"{where}.down[{i}]", c)
            for i, c in enumerate(r.seats(f"{where}.down", raw.get("down", [{}] * n), n))
        )
        areas.append(Area(tuple(tiles), None if marker < 0 else marker, up, down))

    raw_holdings = r.seats("tiles", data.get("tiles", [{}] * n), n)
    holdings = []
    for i, raw_held in enumerate(raw_holdings):
        where = f"tiles[{i}]"
        raw = raw_held if isinstance(raw_held, Mapping) else {}
        if raw is not raw_held:
            r.bad(where, f'expected {{"loose": [...], "flowers": [[a, b], ...]}}, got {raw_held!r}')
        for key in sorted(set(raw) - {"loose", "flowers"}):
            r.bad(f"{where}.{key}", "unknown key; a player's tiles have loose and flowers")
        loose = r.tiles(f"{where}.loose", raw.get("loose", []))
        flowers = []
        raw_flowers = raw.get("flowers", [])
        for j, pair in enumerate(raw_flowers if isinstance(raw_flowers, list) else [raw_flowers]):
            both = r.tiles(f"{where}.flowers[{j}]", pair)
            if len(both) != 2:
                r.bad(f"{where}.flowers[{j}]", "a flower is exactly two tiles")
            elif both[0].colour != both[1].colour:
                r.bad(f"{where}.flowers[{j}]", "a flower's two tiles share one colour")
            else:
                flowers.append((min(both), max(both)))
        colours = [t.colour for t in loose]
        for c in sorted(set(colours)):
            if colours.count(c) > 1:
                r.bad(
                    f"{where}.loose",
                    f"two loose {c.label} tiles must form a flower (mandala.flowers.form)",
                )
        holdings.append(Holdings(frozenset(loose), tuple(flowers)))

    # cards: everything not placed is in the deck, unless the deck is given
    placed = discard
    for h in hands:
        placed = plus(placed, h)
    for a in areas:
        for pile in (*a.up, *a.down):
            placed = plus(placed, pile)
    deck_raw = data.get("deck", "rest")
    if deck_raw == "rest":
        deck: Counts = tuple(CARDS_PER_COLOUR - p for p in placed)  # type: ignore[assignment]
        for colour in COLOURS:
            if deck[colour] < 0:
                r.bad("cards", f"{placed[colour]} {colour.label} cards placed; there are 15")
        deck = tuple(max(0, x) for x in deck)  # type: ignore[assignment]
    else:
        deck = r.counts("deck", deck_raw)
        total = plus(deck, placed)
        for colour in COLOURS:
            if total[colour] != CARDS_PER_COLOUR:
                r.bad(
                    "cards",
                    f"{total[colour]} {colour.label} cards in deck, discard, hands and "
                    "mandalas together; there are exactly 15 (mandala.components.cards)",
                )

    # tiles: each of the 36 exactly once
    seen: dict[Tile, str] = {}

    def place(tile: Tile, where: str) -> None:
        if tile in seen:
            r.bad(where, f"{tile.label} is also at {seen[tile]}; every tile exists once")
        seen[tile] = where

    for m, a in enumerate(areas):
        for t in a.tiles:
            place(t, f"mandalas[{m}].tiles")
    for i, held in enumerate(holdings):
        for t in sorted(held.tiles, key=TILE_ORDER.__getitem__):
            place(t, f"tiles[{i}]")
    stacks_raw = data.get("stacks", "rest")
    if stacks_raw == "rest":
        rest = [t for t in TILES if t not in seen]
        dark = frozenset(t for t in rest if t in DARK_TILES)
        light = frozenset(t for t in rest if t in LIGHT_TILES)
    elif isinstance(stacks_raw, Mapping):
        dark = frozenset(r.tiles("stacks.dark", stacks_raw.get("dark", [])))
        light = frozenset(r.tiles("stacks.light", stacks_raw.get("light", [])))
        for t in sorted(dark, key=TILE_ORDER.__getitem__):
            place(t, "stacks.dark")
            if t.back is not Back.DARK:
                r.bad("stacks.dark", f"{t.label} has a light back (mandala.components.tile_backs)")
        for t in sorted(light, key=TILE_ORDER.__getitem__):
            place(t, "stacks.light")
            if t.back is not Back.LIGHT:
                r.bad("stacks.light", f"{t.label} has a dark back (mandala.components.tile_backs)")
        missing = [t.label for t in TILES if t not in seen]
        if missing:
            r.bad("tiles", f"missing everywhere: {', '.join(missing)}")
    else:
        r.bad("stacks", f'expected {{"dark": [...], "light": [...]}} or "rest", got {stacks_raw!r}')
        dark = light = frozenset()

    if r.problems:
        raise MalformedPosition(r.problems)
    state = State(
        game=game,
        phase=phase,
        seat=seat,
        turn=turn,
        pending=pending,
        played=played,
        resolving=resolving,
        deck=deck,
        discard=discard,
        hands=hands,
        mandalas=tuple(areas),
        dark=dark,
        light=light,
        holdings=tuple(holdings),
        final=final,
        last_completed=last_completed,
    )
    problems = invariant_problems(state)
    if problems:
        raise MalformedPosition(problems)
    return state


def invariant_problems(state: State) -> list[str]:
    """Every rule invariant ``state`` breaks (empty for any state reachable by play).

    Used by ``load`` and, in the tests, after every step of random play.
    """
    out: list[str] = []
    n = state.players
    phase = state.phase
    setting_up = phase in (Phase.SETUP_TILES, Phase.DEAL)
    total = plus(state.deck, state.discard)
    for h in state.hands:
        total = plus(total, h)
    for m, a in enumerate(state.mandalas):
        where = f"mandalas[{m}]"
        for pile in (*a.up, *a.down):
            total = plus(total, pile)
        refilling = m == state.resolving and phase is Phase.NEW_TILES
        if not setting_up and not refilling:
            backs = sorted(t.back.value for t in a.tiles)
            if a.tiles and backs != ["dark", "light"]:
                out.append(f"{where}: needs one dark and one light tile, has {backs}")
            if not a.tiles and (state.dark or state.light) and state.final is None:
                out.append(f"{where}: has no tiles although the stacks are not empty")
        tile_colours = {t.colour for t in a.tiles}
        owners: dict[Colour, list[int]] = {}
        for seat, counts in enumerate(a.up):
            for colour in COLOURS:
                if counts[colour]:
                    owners.setdefault(colour, []).append(seat)
        for colour, seats in owners.items():
            if len(seats) > 1:
                out.append(
                    f"{where}: {colour.label} lies face up for seats {seats}; only the first "
                    "player of a colour places it face up (mandala.play.face_up_if_new)"
                )
            if colour in tile_colours:
                out.append(
                    f"{where}: {colour.label} is a tile colour, so its cards go face down "
                    "(mandala.play.face_up_if_new)"
                )
        present = a.colours()
        for seat, counts in enumerate(a.down):
            for colour in COLOURS:
                if counts[colour] and colour not in present:
                    out.append(
                        f"{where}: seat {seat} has face-down {colour.label} cards but "
                        f"{colour.label} is not present (mandala.play.face_up_if_new)"
                    )
        waiting = (m == state.resolving and phase is Phase.TAKE_TILE) or (
            m == state.played and phase is Phase.DRAW  # step 4 comes after the draw
        )
        if steps.is_complete(present) and not waiting:
            out.append(
                f"{where}: shows all six colours but was not resolved "
                "(mandala.complete.six_colours)"
            )
        ups, totals = a.ups(), a.totals()
        if m == state.played and phase is Phase.DRAW:
            pass  # step 3 (the majority check) comes after the draw
        elif any(ups):
            if a.marker is None or ups[a.marker] == 0:
                out.append(
                    f"{where}: face-up cards lie here, so the marker belongs to a seat with "
                    "a face-up card (mandala.majority.take_marker)"
                )
            elif any(ups[s] and totals[s] > totals[a.marker] for s in range(n)):
                out.append(
                    f"{where}: a face-up player has more cards than the marker holder "
                    "(mandala.majority.take_marker)"
                )
        elif a.marker is not None:
            out.append(f"{where}: the marker is held but no face-up card lies here")
    for colour in COLOURS:
        if total[colour] != CARDS_PER_COLOUR:
            out.append(f"cards: {total[colour]} {colour.label} cards in all, not 15")
    if not setting_up and phase is not Phase.NEW_TILES and len(state.dark) != len(state.light):
        out.append("stacks: dark and light stacks differ in size; each mandala takes one of each")
    if phase is Phase.PLAY:
        for seat, h in enumerate(state.hands):
            if not any(h):
                out.append(f"hands[{seat}]: empty at a turn's start (mandala.hand.never_empty)")
        hand = state.hands[state.seat]
        if sum(hand) == 1 and not any(state.deck) and not any(state.discard):
            out.append(
                f"seat {state.seat} is to play with one card and nothing left to draw: the "
                "game has ended before this turn (mandala.end.stalled)"
            )
        if state.seat == 0 and any(h.flower_count >= 3 for h in state.holdings):
            out.append(
                "a player has three flowers at a round's start: the game should have "
                "ended (mandala.end.third_flower)"
            )
    if phase is Phase.TAKE_TILE:
        if state.resolving is None:
            out.append("resolving: a tile choice needs the mandala being resolved")
        else:
            a = state.mandalas[state.resolving]
            share = state.game.variant.runner_up_min_share
            if steps.claim(a.marker, a.totals(), a.ups(), share).runner_up is None:
                out.append("phase take_tile: nobody shares this mandala's tiles, so no choice")
    if phase in (Phase.DRAW, Phase.TAKE_TILE) and state.played is None and state.final is None:
        out.append(f"played: phase {phase.value} needs the mandala played into this turn")
    if phase is Phase.FINAL_ORDER and (state.final is None or len(state.final) < 2):
        out.append("final: choosing an order needs at least two mandalas left")
    if phase is Phase.NEW_TILES and state.resolving is None:
        out.append("resolving: new tiles need the mandala being restarted")
    return out


def settings_of(data: Mapping[str, Any]) -> dict[str, Any]:
    """The ``settings`` of a position, checked to name a player count."""
    settings = data.get("settings")
    if not isinstance(settings, Mapping) or "players" not in settings:
        raise MalformedPosition(['settings: a position needs {"players": n, …}'])
    try:
        return dict(settings)
    except (TypeError, UnknownVariant) as exc:
        raise MalformedPosition([f"settings: {exc}"]) from exc
