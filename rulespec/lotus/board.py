"""The White Lotus board as data: areas, adjacency, brown/light, start and dragon marks.

The printed map's area names and adjacency are not available in any source (see
``shared/rulebooks/NOTES.md``), so rulespec ships a *schematic stand-in* with the counts
the rulebooks state, and reads any other board from a JSON file in the same format::

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

import functools
import json
from collections.abc import Iterable, Mapping
from importlib import resources
from pathlib import Path
from typing import Any

import attrs

from rulespec.errors import MalformedPosition

AREAS = 39
BROWN_AREAS = 8
LIGHT_START_AREAS = 7
BROWN_START_AREAS = 1
DRAGON_AREAS = 3


class MalformedBoard(MalformedPosition):
    """A board file that does not describe a White Lotus board; lists every problem."""

    what = "malformed board"


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
    if data.get("format") != 1:
        problems.append(f"format: expected 1, got {data.get('format')!r}")
    for key in sorted(set(data) - {"format", "name", "stand_in", "areas"}):
        problems.append(f"{key}: unknown key; a board has format, name, stand_in and areas")
    for key in ("name", "stand_in"):
        if key in data and not isinstance(data[key], str):
            problems.append(f"{key}: expected a string, got {data[key]!r}")
    raw_areas = data.get("areas")
    if not isinstance(raw_areas, list):
        raise MalformedBoard([*problems, "areas: expected a list of areas"])
    areas: list[Area] = []
    drawn_at: dict[tuple[float, float], str] = {}
    for i, raw in enumerate(raw_areas):
        where = f"areas[{i}]"
        if not isinstance(raw, Mapping):
            problems.append(f"{where}: expected an object")
            continue
        aid = raw.get("id")
        if not isinstance(aid, str) or not aid:
            problems.append(f"{where}: needs a string 'id'")
            continue
        where = f"area {aid}"
        flags = {}
        for key in ("brown", "lotus", "dragon"):
            value = raw.get(key, False)
            if not isinstance(value, bool):
                problems.append(f"{where}: '{key}' must be true or false")
                value = False
            flags[key] = value
        pos = raw.get("pos", [0, 0])
        if "pos" in raw and isinstance(pos, list) and len(pos) == 2:
            spot = (
                (float(pos[0]), float(pos[1]))
                if all(isinstance(x, int | float) for x in pos)
                else (0.0, 0.0)
            )
            if spot in drawn_at:
                problems.append(f"{where}: drawn at the same 'pos' as {drawn_at[spot]}")
            drawn_at.setdefault(spot, aid)
        if (
            not isinstance(pos, list)
            or len(pos) != 2
            or not all(isinstance(x, int | float) and not isinstance(x, bool) for x in pos)
        ):
            problems.append(f"{where}: 'pos' must be [x, y]")
            pos = [0, 0]
        adjacent = raw.get("adjacent", [])
        if not isinstance(adjacent, list) or not all(isinstance(x, str) for x in adjacent):
            problems.append(f"{where}: 'adjacent' must be a list of area ids")
            adjacent = []
        extra = sorted(set(raw) - {"id", "name", "brown", "lotus", "dragon", "pos", "adjacent"})
        if extra:
            problems.append(f"{where}: unknown keys {', '.join(extra)}")
        name = raw.get("name", aid)
        if not isinstance(name, str):
            problems.append(f"{where}: 'name' must be a string")
        areas.append(
            Area(
                aid,
                str(name),
                flags["brown"],
                flags["lotus"],
                flags["dragon"],
                (float(pos[0]), float(pos[1])),
                frozenset(adjacent),
            )
        )
    ids = [a.id for a in areas]
    for aid in sorted({x for x in ids if ids.count(x) > 1}):
        problems.append(f"area {aid}: the id is used more than once")

    index = {a.id: a for a in areas}
    for a in areas:
        for n in sorted(a.adjacent):
            if n == a.id:
                problems.append(f"area {a.id}: adjacent to itself")
            elif n not in index:
                problems.append(f"area {a.id}: adjacent to unknown area {n!r}")
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
    return Board(
        str(data.get("name", "unnamed board")), str(data.get("stand_in", "")), tuple(areas)
    )


def load(path: str | Path) -> Board:
    """Read and validate a board file."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise MalformedBoard([f"{path}: {exc}"]) from exc
    return from_json(data)


@functools.cache
def schematic() -> Board:
    """The default board shipped with rulespec: a documented stand-in for the printed map."""
    text = (resources.files("rulespec.lotus") / "boards" / "schematic.json").read_text("utf-8")
    return from_json(json.loads(text))
