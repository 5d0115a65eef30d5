"""The White Lotus board as data: areas, adjacency, brown/light, start and dragon marks.

The printed map's area names and adjacency are not available in any source we found (see the
docs page "Sources beyond the rulebooks"), so rulespec ships a *schematic stand-in* with the
counts the rulebooks state, and takes any other board as data in the same format (a host
program reads a file with :func:`load_board`; client data never names a file)::

    {"format": 1, "name": "…", "stand_in": "why this is (not) the printed map",
     "areas": [{"id": "a01", "name": "…", "brown": false, "lotus": true,
                "dragon": false, "pos": [0, 0], "adjacent": ["a02", "a06"]}, …]}

``brown`` areas are only in play with six players; ``lotus`` marks a start area (a white
lotus); ``dragon`` areas score 2 extra points; ``pos`` places the area in the generated
diagram. Loading checks everything at once: 39 areas of which 8 brown, start areas 7 light
+ 1 brown, 3 dragon areas, symmetric adjacency, one connected map whose light areas are
connected on their own (the 3–5 player board).
"""

from __future__ import annotations

import collections
import functools
import json
import math
import stat
from collections.abc import Iterable, Mapping
from importlib import resources
from pathlib import Path
from typing import Any

import attrs

from rulespec.errors import MalformedPosition, bounded

AREAS = 39
MAX_AREAS = 200
"""A board listing more areas is refused before they are read (the rules need 39)."""
MAX_BOARD_BYTES = 1_000_000
"""A board file larger than this is refused unread (the schematic board's is 7 KB)."""
BROWN_AREAS = 8
LIGHT_START_AREAS = 7
BROWN_START_AREAS = 1
DRAGON_AREAS = 3
MAX_ID = 40
"""An area id is at most this long."""


class MalformedBoard(MalformedPosition):
    """A board file that does not describe a White Lotus board; lists every problem."""

    what = "malformed board"
    code = "malformed_board"


@attrs.frozen
class Area:
    """One area of the board."""

    id: str
    name: str
    brown: bool
    """Only in play with six players (lotus.board.brown_areas)."""
    lotus: bool
    """A start area: it gets a neutral chip at setup (lotus.setup.start_chips)."""
    dragon: bool
    """Worth 2 extra points at the end (lotus.end.dragon_areas)."""
    pos: tuple[float, float]
    adjacent: frozenset[str]


@attrs.frozen
class Board:
    """A validated board. ``areas`` keeps the file's order; adjacency is by id."""

    name: str
    stand_in: str
    areas: tuple[Area, ...]
    _index: Mapping[str, Area] = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_index", {a.id: a for a in self.areas})

    def area(self, area_id: str) -> Area:
        """The area with that id."""
        return self._index[area_id]

    def __contains__(self, area_id: object) -> bool:
        return area_id in self._index

    def in_play(self, players: int) -> tuple[str, ...]:
        """Ids of the areas used by ``players`` players: light only below six
        (lotus.board.brown_areas)."""
        return tuple(a.id for a in self.areas if players == 6 or not a.brown)

    def neighbours(self, area_id: str) -> frozenset[str]:
        """Ids of the areas adjacent to ``area_id``."""
        return self._index[area_id].adjacent

    def to_json(self) -> dict[str, Any]:
        """The board in its file format."""
        return {
            "format": 1,
            "name": self.name,
            "stand_in": self.stand_in,
            "areas": [
                {
                    "id": a.id,
                    "name": a.name,
                    "brown": a.brown,
                    "lotus": a.lotus,
                    "dragon": a.dragon,
                    "pos": list(a.pos),
                    "adjacent": sorted(a.adjacent),
                }
                for a in self.areas
            ],
        }


def _connected(ids: Iterable[str], adjacency: Mapping[str, frozenset[str]]) -> bool:
    todo = set(ids)
    if not todo:
        return True
    start = next(iter(todo))
    seen = {start}
    stack = [start]
    while stack:
        for n in adjacency[stack.pop()]:
            if n in todo and n not in seen:
                seen.add(n)
                stack.append(n)
    return seen == todo


def from_json(data: Mapping[str, Any]) -> Board:
    """Validate and build a board; :class:`MalformedBoard` lists every problem found."""
    problems: list[str] = []
    if not isinstance(data, Mapping):
        raise MalformedBoard([f"a board must be a JSON object, got {type(data).__name__}"])
    if data.get("format") != 1 or isinstance(data.get("format"), bool):
        problems.append(f"format: expected 1, got {bounded(data.get('format'))}")
    for key in sorted(_key(k) for k in set(data) - {"format", "name", "stand_in", "areas"}):
        problems.append(f"{key}: unknown key; a board has format, name, stand_in and areas")
    for key in ("name", "stand_in"):
        if key in data and not isinstance(data[key], str):
            problems.append(f"{key}: expected a string, got {bounded(data[key])}")
    raw_areas = data.get("areas")
    if not isinstance(raw_areas, list):
        raise MalformedBoard([*problems, "areas: expected a list of areas"])
    if len(raw_areas) > MAX_AREAS:
        raise MalformedBoard(
            [*problems, f"areas: {len(raw_areas)} areas; a board has at most {MAX_AREAS}"]
        )
    areas: list[Area] = []
    drawn_at: dict[tuple[float, float], str] = {}
    for i, raw in enumerate(raw_areas):
        where = f"areas[{i}]"
        if not isinstance(raw, Mapping):
            problems.append(f"{where}: expected an object")
            continue
        aid = raw.get("id")
        if not isinstance(aid, str) or not aid or len(aid) > MAX_ID:
            problems.append(f"{where}: needs a string 'id' of 1 to {MAX_ID} characters")
            continue
        where = f"area {aid}"
        flags = {}
        for key in ("brown", "lotus", "dragon"):
            value = raw.get(key, False)
            if not isinstance(value, bool):
                problems.append(f"{where}: '{key}' must be true or false")
                value = False
            flags[key] = value
        spot = _position(raw.get("pos", [0, 0]))
        if spot is None:
            problems.append(f"{where}: 'pos' must be [x, y], two finite numbers")
            spot = (0.0, 0.0)
        elif "pos" in raw:
            if spot in drawn_at:
                problems.append(f"{where}: drawn at the same 'pos' as {drawn_at[spot]}")
            drawn_at.setdefault(spot, aid)
        adjacent = raw.get("adjacent", [])
        if (
            not isinstance(adjacent, list)
            or len(adjacent) > MAX_AREAS
            or not all(isinstance(x, str) for x in adjacent)
        ):
            problems.append(f"{where}: 'adjacent' must be a list of area ids")
            adjacent = []
        extra = sorted(
            _key(k)
            for k in set(raw) - {"id", "name", "brown", "lotus", "dragon", "pos", "adjacent"}
        )
        if extra:
            problems.append(f"{where}: unknown keys {', '.join(extra[:12])}")
        name = raw.get("name", aid)
        if not isinstance(name, str):
            problems.append(f"{where}: 'name' must be a string")
        areas.append(
            Area(
                aid,
                name if isinstance(name, str) else aid,
                flags["brown"],
                flags["lotus"],
                flags["dragon"],
                spot,
                frozenset(adjacent),
            )
        )
    counted = collections.Counter(a.id for a in areas)
    for aid in sorted(x for x, n in counted.items() if n > 1):
        problems.append(f"area {aid}: the id is used more than once")

    index = {a.id: a for a in areas}
    for a in areas:
        for n in sorted(a.adjacent):
            if n == a.id:
                problems.append(f"area {a.id}: adjacent to itself")
            elif n not in index:
                problems.append(f"area {a.id}: adjacent to unknown area {bounded(n, 40)}")
            elif a.id not in index[n].adjacent:
                problems.append(
                    f"area {a.id}: lists {n} as adjacent but {n} does not list {a.id} "
                    "(adjacency must be symmetric)"
                )

    def count(what: str, found: int, wanted: int, rule: str) -> None:
        if found != wanted:
            problems.append(f"{what}: {found}, expected {wanted} ({rule})")

    count("areas", len(areas), AREAS, "lotus.board.areas")
    count("brown areas", sum(a.brown for a in areas), BROWN_AREAS, "lotus.board.areas")
    count(
        "light start areas (lotus)",
        sum(a.lotus and not a.brown for a in areas),
        LIGHT_START_AREAS,
        "lotus.board.lotus_areas",
    )
    count(
        "brown start areas (lotus)",
        sum(a.lotus and a.brown for a in areas),
        BROWN_START_AREAS,
        "lotus.board.lotus_areas",
    )
    count("dragon areas", sum(a.dragon for a in areas), DRAGON_AREAS, "lotus.end.dragon_areas")
    adjacency = {a.id: frozenset(n for n in a.adjacent if n in index) for a in areas}
    if areas and not _connected(index, adjacency):
        problems.append("the board is not one connected map (lotus.expand.disconnected)")
    light = [a.id for a in areas if not a.brown]
    if light and not _connected(light, adjacency):
        problems.append(
            "the light areas (the 3–5 player board) are not connected on their own "
            "(lotus.expand.disconnected)"
        )
    for a in areas:
        if a.dragon and a.brown:
            problems.append(
                f"area {a.id}: a dragon area is brown, so 3–5 players would lose it "
                "(lotus.board.dragon_areas_light)"
            )
    if problems:
        raise MalformedBoard(problems)
    name, stand_in = data.get("name", "unnamed board"), data.get("stand_in", "")
    return Board(
        name if isinstance(name, str) else "unnamed board",
        stand_in if isinstance(stand_in, str) else "",
        tuple(areas),
    )


def _key(key: object) -> str:
    """A key of client data as a message shows it: as written if it is short text."""
    return key if isinstance(key, str) and len(key) <= MAX_ID else bounded(key, MAX_ID)


def _position(pos: object) -> tuple[float, float] | None:
    """``[x, y]`` as two finite floats, or None if it is anything else."""
    if not isinstance(pos, list) or len(pos) != 2:
        return None
    out = []
    for x in pos:
        if isinstance(x, bool) or not isinstance(x, int | float):
            return None
        try:
            value = float(x)
        except OverflowError:
            return None
        if not math.isfinite(value):
            return None
        out.append(value)
    return out[0], out[1]


def load_board(path: str | Path, *, max_bytes: int = MAX_BOARD_BYTES) -> Board:
    """Read and validate a board file: the one place rulespec reads a board from disk, an
    explicit call of the host program (client data never names a file).

    Only a regular file of at most ``max_bytes`` is read; what it holds is never echoed in
    an error (a problem names the file, the JSON path and what was expected).
    """
    if not isinstance(path, (str, Path)):
        raise MalformedBoard([f"the board path is a {type(path).__name__}, not a str or Path"])
    if "\0" in str(path):
        raise MalformedBoard(["the board path contains a NUL character"])
    where = Path(path)
    try:
        info = where.stat()
        if not stat.S_ISREG(info.st_mode):
            raise MalformedBoard([f"{where}: not a regular file"])
        if info.st_size > max_bytes:
            raise MalformedBoard(
                [f"{where}: {info.st_size} bytes; a board file has at most {max_bytes}"]
            )
        with where.open("rb") as f:
            raw = f.read(max_bytes + 1)
    except OSError as exc:
        raise MalformedBoard(
            [f"{where}: cannot be read ({exc.strerror or type(exc).__name__})"]
        ) from None
    if len(raw) > max_bytes:
        raise MalformedBoard([f"{where}: larger than {max_bytes} bytes"])
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise MalformedBoard([f"{where}: not UTF-8 text (byte {exc.start})"]) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise MalformedBoard(
            [f"{where}: not JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})"]
        ) from None
    except RecursionError:
        raise MalformedBoard([f"{where}: not a board (nested too deeply)"]) from None
    return from_json(data)


@functools.cache
def schematic() -> Board:
    """The default board shipped with rulespec: a documented stand-in for the printed map."""
    text = (resources.files("rulespec.lotus") / "boards" / "schematic.json").read_text("utf-8")
    return from_json(json.loads(text))
