"""Mandala positions as JSON: the documented, hand-writable format and its validation.

``state.to_json()`` writes every field; ``load`` accepts the same and lets a hand-written position
leave out what follows from the rest, as the other games do: ``{"game": "mandala",
"settings": {"players": 2}}`` alone is the start of the first turn, and a position usually
names its hands and the mandalas' tiles::

    {"game": "mandala", "settings": {"players": 2},
     "hands": [{"red": 3, "green": 1}, {"black": 2}],
     "mandalas": [{"tiles": ["black-2", "green-5"]},
                  {"tiles": ["purple-3", "orange-x3"], "marker": 1,
                   "up": [{}, {"red": 2}], "down": [{"purple": 1}, {}]},
                  {}]}

A mandala is an object of ``tiles`` (a dark and a light tile; none once the stacks ran
out), ``marker`` (the seat holding its majority marker, null while it lies in the centre),
``up`` and ``down`` (each seat's face-up and face-down cards there, colour → count).

Defaults: ``phase`` "play", ``seat`` 0, ``turn`` 1, ``pending`` 0, no ``discard``,
``deck`` and ``stacks`` "rest" (every card or tile not placed elsewhere), no tiles in front
of the players (``tiles``). Left out of a mandala: no cards (``up``, ``down``), the marker
in the centre, and for ``tiles`` a dark and a light tile not placed elsewhere, mandala
``m`` the lowest of the ``m``-th dark colour (black, purple, red) and of the ``m``-th
light one (green, orange, yellow), or of the next colour with one left. ``mandalas`` left
out is three such mandalas (black-2 and green-2, purple-2 and orange-2, red-2 and
yellow-2). ``hands`` left out gives each seat its starting hand (5, 6, 7, 8 cards), one
card of each colour in turn from black, of the cards not placed elsewhere. Card piles are
colour → count objects; tiles are labels like ``"red-7"`` or ``"green-x3"``.

Loading checks the format, the conservation of all 90 cards and 36 tiles, and every
invariant the rules keep (a colour face up for one player at most, the marker with a
face-up majority, loose tiles never pairable, …), and reports every problem at once in a
:class:`~rulespec.MalformedPosition`. A ``turn`` beyond the longest game is refused too, so
play from any position accepted stays inside turn's range (up to 1,000,000).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rulespec.core.convert import Reader
from rulespec.core.positions import check_header
from rulespec.errors import MalformedPosition
from rulespec.mandala import resolution
from rulespec.mandala.bounds import max_game_length
from rulespec.mandala.codec import CODEC
from rulespec.mandala.components import (
    CARDS_PER_COLOUR,
    COLOURS,
    DARK_TILES,
    LIGHT_TILES,
    NUM_MANDALAS,
    TILES,
    Back,
    Counts,
    Tile,
    plus,
)
from rulespec.mandala.invariants import invariant_problems
from rulespec.mandala.scoring import Holdings
from rulespec.mandala.state import Phase, State

if TYPE_CHECKING:
    from rulespec.mandala.game import MandalaGame


def _with_defaults(data: Mapping[str, Any], game: MandalaGame) -> dict[str, Any]:
    """The position with what a hand-written one may leave out filled in, in JSON."""
    players = game.players
    raw = {
        "phase": "play",
        "seat": 0,
        "turn": 1,
        "pending": 0,
        "played": None,
        "resolving": None,
        "last_completed": None,
        "final": None,
        "discard": {},
        "tiles": [{}] * players,
        "mandalas": [{}] * NUM_MANDALAS,
        **data,
    }
    empty: list[dict[str, int]] = [{}] * players
    if isinstance(raw["mandalas"], list):
        raw["mandalas"] = [
            {"marker": None, "up": empty, "down": empty, **m} if isinstance(m, Mapping) else m
            for m in raw["mandalas"]
        ]
        _default_tiles(raw)
    if "hands" not in raw:
        raw["hands"] = _starting_hands(raw, game.variant.starting_hands)
    return raw


def _default_tiles(raw: dict[str, Any]) -> None:
    """A mandala written without ``tiles`` gets a dark and a light tile not placed
    elsewhere: mandala ``m`` the lowest of the ``m``-th dark colour (black, purple, red)
    and of the ``m``-th light one (green, orange, yellow), or of the next colour with a
    tile left, as play would have them after setup (mandala.setup.tiles)."""
    labels = {t.label: t for t in TILES}
    used = {labels[x] for x in _strings(raw, labels) if x in labels}
    for m, mandala in enumerate(raw["mandalas"][:NUM_MANDALAS]):  # more: refused as read
        if not isinstance(mandala, dict) or "tiles" in mandala:
            continue
        chosen = [_first_tile(back, m, used) for back in (DARK_TILES, LIGHT_TILES)]
        if None not in chosen:  # else "tiles: is missing" says what is wrong
            used.update(t for t in chosen if t is not None)
            raw["mandalas"][m] = {**mandala, "tiles": [t.label for t in chosen if t]}


def _strings(raw: Mapping[str, Any], labels: Mapping[str, Tile]) -> list[str]:
    """Every tile label written in the mandalas, in front of the players and in stacks
    given as lists (what is not a label is reported when the position is read)."""
    found: list[Any] = []
    for mandala in raw["mandalas"]:
        found += _list(mandala.get("tiles")) if isinstance(mandala, Mapping) else []
    for held in _list(raw["tiles"]):
        if isinstance(held, Mapping):
            found += _list(held.get("loose"))
            for pair in _list(held.get("flowers")):
                found += _list(pair)
    stacks = raw.get("stacks")
    for pile in stacks.values() if isinstance(stacks, Mapping) else ():
        found += _list(pile)
    return [x for x in found if isinstance(x, str) and x in labels]


def _list(value: object) -> list[Any]:
    return value if isinstance(value, list) else []


def _first_tile(back: frozenset[Tile], m: int, used: set[Tile]) -> Tile | None:
    colours = sorted({t.colour for t in back}, key=COLOURS.index)
    for colour in colours[m % len(colours) :] + colours[: m % len(colours)]:
        left = [t for t in TILES if t in back and t.colour is colour and t not in used]
        if left:
            return left[0]
    return None


def _starting_hands(raw: Mapping[str, Any], sizes: tuple[int, ...]) -> list[dict[str, int]]:
    """Hands left out: each seat's starting hand (mandala.setup.starting_hands), one card
    of each colour in turn from black, of the cards not placed elsewhere (in the discard,
    the mandalas and a draw pile given by its counts)."""
    placed = dict.fromkeys(COLOURS, 0)
    piles: list[Any] = [raw.get("discard"), raw.get("deck")]
    for mandala in _list(raw["mandalas"]):
        if isinstance(mandala, Mapping):
            piles += _list(mandala.get("up")) + _list(mandala.get("down"))
    for pile in piles:
        for colour in COLOURS:
            n = pile.get(colour.label) if isinstance(pile, Mapping) else None
            if isinstance(n, int) and not isinstance(n, bool) and n > 0:
                placed[colour] += n
    left = {c: max(0, CARDS_PER_COLOUR - placed[c]) for c in COLOURS}
    hands: list[dict[str, int]] = []
    for size in sizes:
        hand = dict.fromkeys(COLOURS, 0)
        turn = 0
        while sum(hand.values()) < size and any(left.values()):
            colour = COLOURS[turn % len(COLOURS)]
            if left[colour]:
                hand[colour] += 1
                left[colour] -= 1
            turn += 1
        hands.append({c.label: n for c, n in hand.items() if n})
    return hands


def load(game: MandalaGame, data: Mapping[str, Any]) -> State:
    """Read a position for ``game``; every problem at once in a
    :class:`~rulespec.MalformedPosition`."""
    if not isinstance(data, Mapping):
        raise MalformedPosition([f"a position must be a JSON object, got {type(data).__name__}"])
    reader = Reader(game)
    check_header(reader, data, game)
    raw = _with_defaults(data, game)
    deck_rest = raw.get("deck", "rest") == "rest"
    stacks_rest = raw.get("stacks", "rest") == "rest"
    if deck_rest:
        raw["deck"] = {}
    if stacks_rest:
        raw["stacks"] = {"dark": [], "light": []}
    values = CODEC.fields(State, raw, reader, extra=("game", "settings"))
    final = values["final"]
    if final is not None and len(set(final)) != len(final):
        reader.at("final").bad("lists a mandala twice")
    _check_holdings(reader, values["holdings"])
    if not _complete(values):  # the piles are added up below: each must have been read
        raise MalformedPosition(reader.problems)
    # a hand-written mandala may list its tiles in any order: dark first, as play keeps it
    values["mandalas"] = tuple(
        a.but(tiles=tuple(sorted(a.tiles, key=lambda t: (t.back is not Back.DARK, t))))
        for a in values["mandalas"]
    )
    values["deck"] = _cards(reader, values, deck_rest)
    values["dark"], values["light"] = _tiles(reader, values, stacks_rest)
    if reader.problems:
        raise MalformedPosition(reader.problems)
    state = State(game=game, **values)
    after = settled(state)
    problems = invariant_problems(state, settling=after is not state)
    if not problems and after is not state:
        problems = invariant_problems(after)
        state = after
    most = max_game_length()
    if state.turn > most:
        # checked at load only (issue 19): a game has fewer turns than actions, so play
        # from a position within this leaves room in turn's range (up to 1,000,000)
        problems.append(
            f"turn: {state.turn}; no game has more than {most} turns "
            "(mandala.resolve.new_mandala, mandala.end.no_tiles_immediate)"
        )
    if problems:
        raise MalformedPosition(problems)
    return state


def _complete(values: dict[str, Any]) -> bool:
    """Whether every pile and tile holder was read (a record with a problem reads as
    None), so that counting the cards and tiles means something."""
    parts = [values["discard"], values["deck"], values["dark"], values["light"]]
    for key in ("hands", "mandalas", "holdings"):
        parts.append(values[key])
        parts.extend(values[key] or [None])
    return all(p is not None for p in parts)


def _check_holdings(reader: Reader, holdings: tuple[Holdings | None, ...]) -> None:
    """Flowers are two tiles of one colour; two loose tiles of one colour would have
    formed one (mandala.flowers.form)."""
    for i, held in enumerate(holdings):
        if held is None:
            continue  # already reported
        where = reader.at("tiles").at(i)
        for j, (a, b) in enumerate(held.flowers):
            if a.colour != b.colour:
                where.at("flowers").at(j).bad("a flower's two tiles share one colour")
        colours = [t.colour for t in held.loose]
        for c in sorted(set(colours)):
            if colours.count(c) > 1:
                where.at("loose").bad(
                    f"two loose {c.label} tiles must form a flower (mandala.flowers.form)"
                )


def _cards(reader: Reader, values: dict[str, Any], rest: bool) -> Counts:
    """The draw pile: given, or "rest" (every card not placed elsewhere); all 90 cards
    exactly once either way."""
    placed = values["discard"]
    for h in values["hands"]:
        placed = plus(placed, h)
    for a in values["mandalas"]:
        for pile in (*a.up, *a.down):
            placed = plus(placed, pile)
    if rest:
        for colour in COLOURS:
            if placed[colour] > CARDS_PER_COLOUR:
                reader.bad(f"cards: {placed[colour]} {colour.label} cards placed; there are 15")
        return tuple(max(0, CARDS_PER_COLOUR - p) for p in placed)
    deck: Counts = values["deck"]
    total = plus(deck, placed)
    for colour in COLOURS:
        if total[colour] != CARDS_PER_COLOUR:
            reader.bad(
                f"cards: {total[colour]} {colour.label} cards in deck, discard, hands and "
                "mandalas together; there are exactly 15 (mandala.components.cards)"
            )
    return deck


def _tiles(
    reader: Reader, values: dict[str, Any], rest: bool
) -> tuple[frozenset[Tile], frozenset[Tile]]:
    """The two stacks: given, or "rest"; each of the 36 tiles exactly once either way."""
    seen: dict[Tile, str] = {}

    def place(tile: Tile, where: str) -> None:
        if tile in seen:
            reader.bad(f"{where}: {tile.label} is also at {seen[tile]}; every tile exists once")
        seen[tile] = where

    for m, a in enumerate(values["mandalas"]):
        for t in a.tiles:
            place(t, f"mandalas[{m}].tiles")
    for i, held in enumerate(values["holdings"]):
        # each listing on its own: the union held.tiles would hide a tile listed twice
        for t in sorted(held.loose):
            place(t, f"tiles[{i}].loose")
        for j, flower in enumerate(held.flowers):
            for t in flower:
                place(t, f"tiles[{i}].flowers[{j}]")
    if rest:
        left = [t for t in TILES if t not in seen]
        return frozenset(t for t in left if t in DARK_TILES), frozenset(
            t for t in left if t in LIGHT_TILES
        )
    dark: frozenset[Tile] = values["dark"]
    light: frozenset[Tile] = values["light"]
    for name, stack, back in (("dark", dark, Back.DARK), ("light", light, Back.LIGHT)):
        for t in sorted(stack):
            place(t, f"stacks.{name}")
            if t.back is not back:
                other = "light" if back is Back.DARK else "dark"
                reader.bad(
                    f"stacks.{name}: {t.label} has a {other} back (mandala.components.tile_backs)"
                )
    missing = [t.label for t in TILES if t not in seen]
    if missing:
        reader.bad(f"tiles: missing everywhere: {', '.join(missing)}")
    return dark, light


def settled(state: State) -> State:
    """``state``, or where play goes from it at once: a position the rules decide on the
    spot, which play passes through inside one step, loads as written and the ruling
    decides (issue 27): a seat to play holding one card with nothing left to draw
    (mandala.end.stalled), a resolved mandala due new tiles when none are left
    (mandala.end.no_tiles, mandala.end.no_tiles_immediate)."""
    phase = state.phase
    if phase is Phase.PLAY and sum(state.hands[state.seat]) == 1 and not state.cards_available():
        return resolution.stalled(state, state.seat)
    if phase is Phase.NEW_TILES and state.pending == 2 and not state.dark and not state.light:
        return resolution.no_tiles(state, state.resolving)
    return state
