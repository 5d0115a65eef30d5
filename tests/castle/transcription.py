"""Read the community transcription of The White Castle's components into rulespec's format.

A public hobby implementation transcribed the castle cards, gardens, starting resource
cards, training-tile faces and a sketch of the board as JSON (unverified; see the docs
page "The White Castle: component data"). Its keys and names differ from ours and it
contains slips (``"resource"`` for ``"resources"``, ``"clan_points"`` for
``"clan_point"``, counts that disagree with the rulebook). :func:`convert` normalises
the keys, maps every name to a :class:`~rulespec.castle.components.Symbol`, and lists
each oddity it met instead of guessing silently; the shipped default data was assembled
from its output plus the rulebook and the stand-ins. It takes parsed JSON (a host reads
the files): ``convert({"card_castle_level1.json": [...], ...})``.

It lives beside its only user, ``tests/castle/test_data.py`` (issue 33): no module of the
package needs it, so it is no part of the package.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

import attrs

from rulespec.errors import bounded

BOOK_COUNTS: dict[str, tuple[int, str]] = {
    "card_castle_level1.json": (15, "castle.de:52"),
    "card_castle_level2.json": (12, "castle.de:53"),
    "card_castle_level3.json": (9, "castle.de:54"),
    "card_plant_garden.json": (5, "castle.de:60"),
    "card_stone_garden.json": (5, "castle.de:61"),
    "card_starting.json": (9, "castle.de:45"),
    "tile_yard_blue.json": (8, "castle.de:27, castle.de:122"),
    "tile_yard_yellow.json": (8, "castle.de:27, castle.de:122"),
}
"""What the rulebook says each file should hold (training tiles: 8 double-sided tiles,
so 8 faces of each colour)."""
FILES = (*BOOK_COUNTS, "board.jsonc")

NAMES: dict[str, str] = {
    "castle": "castle",
    "garden": "garden",
    "yard": "training",
    "well": "well",
    "lantern": "lantern",
    "white_scroll": "light",
    "domain_select": "family",
    "wild_die_tile": "any_tile",
    "black_die_tile": "black_tile",
    "white_die_tile": "white_tile",
    "red_die_tile": "red_tile",
    "castle_or_yard_or_garden": "choice castle training garden",
}
"""Transcribed action names as our effects. ``white_scroll`` (a scroll: a card) is the
overview's "one light action of any card in the castle" (castle.de:690) and
``domain_select`` its "one action of your family board" (castle.de:682): inferred, the
transcription does not say."""
_ANY_RESOURCE = re.compile(r"iron_or_food_or_pearl_(\d+)")
GAINS: dict[str, tuple[str, str]] = {
    "food": ("food", "food"),
    "iron": ("iron", "iron"),
    "pearl": ("pearl", "pearl"),
    "coin": ("coins", "pay_coins"),
    "daimyo": ("seals", "pay_seals"),
    "influence": ("influence", "influence"),
    "clan_point": ("vp", "vp"),
}
"""A resource key as (gain, cost) symbols: a negative number is a red number, a cost."""
SPELLINGS = {"clan_points": "clan_point"}
MAIN = ("castle", "garden", "training", "choice")


@attrs.frozen
class Conversion:
    """What :func:`convert` read: entries in rulespec's format (``source`` transcription,
    ``cite`` the file and index) under ``level1``, ``level2``, ``level3``, ``gardens``,
    ``blue``, ``beige`` (training-tile faces), ``resources`` and ``board`` (the sketch's
    room values, grounds and well), and every oddity met on the way."""

    data: dict[str, Any]
    oddities: tuple[str, ...]


class _Reading:
    def __init__(self) -> None:
        self.oddities: list[str] = []

    def odd(self, where: str, message: str) -> None:
        self.oddities.append(f"{where}: {message}")

    def keys(self, where: str, raw: Mapping[str, Any], known: set[str]) -> None:
        for key in sorted(str(k) for k in raw if k not in known):
            self.odd(where, f"unknown key {bounded(key, 40)} ignored")

    def effects(self, where: str, raw: Any) -> list[str]:
        """One transcribed action entry (``{"type": "resource"|"action", ...}``) as our
        effect strings, costs first (a cost gates what follows it, castle.de:201-211)."""
        if not isinstance(raw, Mapping):
            self.odd(where, f"expected an object, got {bounded(raw)}")
            return []
        kind = raw.get("type")
        if kind == "action" or (kind is None and ("name" in raw or "action" in raw)):
            name = raw.get("name")
            if name is None and "action" in raw:
                self.odd(where, "'action' used for 'name'")
                name = raw["action"]
            self.keys(where, raw, {"type", "name", "action", "image"})
            return self.action(where, name)
        if kind == "resource" or (kind is None and ("resources" in raw or "resource" in raw)):
            gains = raw.get("resources")
            if gains is None and "resource" in raw:
                self.odd(where, "'resource' used for 'resources'")
                gains = raw["resource"]
            self.keys(where, raw, {"type", "resources", "resource", "image", "occupied"})
            return self.gains(where, gains)
        self.odd(where, f"unknown entry type {bounded(kind)}")
        return []

    def action(self, where: str, name: Any) -> list[str]:
        if not isinstance(name, str):
            self.odd(where, f"action name {bounded(name)} is not a string")
            return []
        if name in NAMES:
            return [NAMES[name]]
        found = _ANY_RESOURCE.fullmatch(name)
        if found:
            amount = int(found.group(1))
            return ["any_resource" if amount == 1 else f"any_resource {amount}"]
        self.odd(where, f"unknown action name {bounded(name)}")
        return []

    def gains(self, where: str, raw: Any) -> list[str]:
        if not isinstance(raw, Mapping):
            self.odd(where, f"resources {bounded(raw)} is not an object")
            return []
        costs: list[str] = []
        gains: list[str] = []
        for written, value in raw.items():
            key = SPELLINGS.get(written, written)
            if key != written:
                self.odd(where, f"{written!r} spelt for {key!r}")
            if key == "lantern":
                self.odd(where, "the lantern bonus written as a resource")
                gains.append("lantern")
                continue
            if key not in GAINS or isinstance(value, bool) or not isinstance(value, int):
                self.odd(where, f"unknown resource {bounded(key, 40)}: {bounded(value)}")
                continue
            gain, cost = GAINS[key]
            if value < 0:
                costs.append(cost if value == -1 else f"{cost} {-value}")
            elif value > 0:
                gains.append(gain if value == 1 else f"{gain} {value}")
        return costs + gains


def _count(reading: _Reading, name: str, items: list[Any]) -> None:
    wanted, cite = BOOK_COUNTS[name]
    if len(items) != wanted:
        reading.odd(name, f"{len(items)} entries, the rulebook has {wanted} ({cite})")


def _list(reading: _Reading, files: Mapping[str, Any], name: str) -> list[Any]:
    raw = files.get(name)
    if raw is None:
        reading.odd(name, "file not given")
        return []
    if not isinstance(raw, list):
        reading.odd(name, f"expected a list, got {bounded(raw)}")
        return []
    _count(reading, name, raw)
    return raw


def _castle_cards(reading: _Reading, files: Mapping[str, Any], level: int) -> list[Any]:
    name = f"card_castle_level{level}.json"
    out = []
    for i, raw in enumerate(_list(reading, files, name)):
        where = f"{name}[{i}]"
        if not isinstance(raw, Mapping):
            reading.odd(where, "expected an object")
            continue
        reading.keys(where, raw, {"player_min_count", "sizes", "image", "sections"})
        sections = [
            [e for entry in section for e in reading.effects(f"{where}.sections[{j}]", entry)]
            for j, section in enumerate(raw.get("sections") or [])
        ]
        sizes = raw.get("sizes") or [1] * len(sections)
        if len(sizes) != len(sections):
            reading.odd(where, f"sizes {bounded(sizes)} for {len(sections)} sections")
            sizes = [1] * len(sections)
        main = [j for j, s in enumerate(sections) if any(e.split()[0] in MAIN for e in s)]
        costly = [j for j, s in enumerate(sections) if any(e.startswith("pay_") for e in s)]
        note = "dark section inferred: the one holding its castle/garden/training action"
        if len(main) != 1:
            reading.odd(where, f"{len(main)} sections hold a castle/garden/training action")
            note = "dark section not inferable; section 0 taken"
        if len(costly) > 1:
            reading.odd(where, f"{len(costly)} sections show a cost (sections {costly})")
        players = raw.get("player_min_count", 2)
        if players not in (2, 3):
            reading.odd(where, f"player_min_count {bounded(players)}")
        out.append(
            {
                "id": f"l{level}-{i + 1:02d}",
                "level": level,
                "source": "transcription",
                "cite": where,
                "note": note,
                "sections": [
                    {"effects": s, "rows": r} for s, r in zip(sections, sizes, strict=True)
                ],
                "dark": main[0] if len(main) == 1 else 0,
                "lantern": [],
                "min_players": 3 if players == 3 else 1,
            }
        )
    return out


def convert(files: Mapping[str, Any]) -> Conversion:
    """Convert the transcription's parsed files (by file name, as in
    ``reference-data/white-castle/``); every oddity is listed, none is fatal."""
    reading = _Reading()
    for name in sorted(str(n) for n in files if n not in FILES):
        reading.odd(name, "unknown file ignored")
    data: dict[str, Any] = {
        "level1": _castle_cards(reading, files, 1),
        "level2": _castle_cards(reading, files, 2),
    }
    name = "card_castle_level3.json"
    data["level3"] = [
        {
            "id": f"l3-{i + 1:02d}",
            "source": "transcription",
            "cite": f"{name}[{i}]",
            "spaces": [reading.effects(f"{name}[{i}]", e) for e in raw.get("actions", [])],
        }
        for i, raw in enumerate(_list(reading, files, name))
        if isinstance(raw, Mapping)
    ]
    data["gardens"] = []
    for kind in ("plant", "stone"):
        name = f"card_{kind}_garden.json"
        for i, raw in enumerate(_list(reading, files, name)):
            where = f"{name}[{i}]"
            if not isinstance(raw, Mapping):
                reading.odd(where, "expected an object")
                continue
            reading.keys(where, raw, {"cost", "clan_point", "actions", "image"})
            data["gardens"].append(
                {
                    "id": f"{kind}-{i + 1}",
                    "kind": kind,
                    "source": "transcription",
                    "cite": where,
                    "cost": raw.get("cost"),
                    "points": raw.get("clan_point"),
                    "action": [
                        e for entry in raw.get("actions", []) for e in reading.effects(where, entry)
                    ],
                }
            )
    for side, name in (("blue", "tile_yard_blue.json"), ("beige", "tile_yard_yellow.json")):
        data[side] = [
            {"cite": f"{name}[{i}]", "effects": reading.effects(f"{name}[{i}]", raw)}
            for i, raw in enumerate(_list(reading, files, name))
        ]
    name = "card_starting.json"
    data["resources"] = []
    for i, raw in enumerate(_list(reading, files, name)):
        where = f"{name}[{i}]"
        if not isinstance(raw, Mapping):
            reading.odd(where, "expected an object")
            continue
        reading.keys(where, raw, {"type", "actions", "lantern", "image", "decree", "decree_image"})
        lantern = []
        for written in raw.get("lantern", []):
            key = SPELLINGS.get(written, written)
            if key in GAINS:
                lantern.append(GAINS[key][0])
            else:
                reading.odd(where, f"unknown lantern symbol {bounded(key, 40)}")
        data["resources"].append(
            {
                "id": f"r{i + 1}",
                "source": "transcription",
                "cite": where,
                "gains": [
                    e for entry in raw.get("actions", []) for e in reading.effects(where, entry)
                ],
                "lantern": lantern,
                "shows_bonus": raw.get("decree") is True,
            }
        )
    data["board"] = _board(reading, files.get("board.jsonc"))
    return Conversion(data, tuple(reading.oddities))


def _board(reading: _Reading, raw: Any) -> dict[str, Any]:
    """The facts of the board sketch: room values and tile counts per level, grounds
    (cost, points per warrior, tile faces), the well's sample gains, the Daimyo card."""
    name = "board.jsonc"
    if isinstance(raw, list) and len(raw) == 1:
        raw = raw[0]
    if not isinstance(raw, Mapping):
        reading.odd(name, "file not given or not one object")
        return {}
    reading.keys(name, raw, {"bridges", "castle", "yard", "garden", "well"})
    out: dict[str, Any] = {"rooms": [], "grounds": []}
    for j, level in enumerate(raw.get("castle", [])):
        for k, room in enumerate(level.get("rooms", [])):
            where = f"{name} castle[{j}].rooms[{k}]"
            if room.get("die_value") != room.get("initial_die_value"):
                reading.odd(where, "die_value differs from initial_die_value")
            out["rooms"].append(
                {
                    "level": level.get("level"),
                    "value": room.get("initial_die_value"),
                    "tiles": len(room.get("colors", [])),
                }
            )
    for j, yard in enumerate(raw.get("yard", [])):
        where = f"{name} yard[{j}]"
        reading.keys(where, yard, {"size", "cost", "multiplier", "warriors", "actions"})
        out["grounds"].append(
            {
                "cost": yard.get("cost"),
                "points": yard.get("multiplier"),
                "faces": [reading.effects(where, a) for a in yard.get("actions", [])],
            }
        )
    return out


def parse_jsonc(text: str) -> Any:
    """JSON with ``//`` and ``/* */`` comments and trailing commas (``board.jsonc``)."""
    return json.loads(_strip(_strip(text, comments=True), comments=False))


def _strip(text: str, *, comments: bool) -> str:
    """``text`` without comments (``comments``) or without trailing commas, strings kept."""
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            end = i + 1
            while end < n and text[end] != '"':
                end += 2 if text[end] == "\\" else 1
            out.append(text[i : end + 1])
            i = end + 1
            continue
        if comments and text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        if comments and text.startswith("/*", i):
            end = text.find("*/", i + 2)
            i = n if end < 0 else end + 2
            continue
        if not comments and c == "," and _CLOSING.match(text, i + 1):
            i += 1
            continue
        out.append(c)
        i += 1
    return "".join(out)


_CLOSING = re.compile(r"\s*[}\]]")
