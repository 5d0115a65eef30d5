"""Legal actions in compact form: a product of field values stands for all its actions.

A White Lotus bid names a target and an amount up to the bidder's influence; enumerated,
that is up to a couple of hundred actions in each view. In compact form each entry is
one action type with, per field, the values it may take::

    {"type": "bid", "target": [1, 2], "influence": {"min": 0, "max": 17}}

stands for every bid whose target is 1 or 2 and whose influence is a whole number from 0
to 17. Every field of an entry is either a list of values (any one of them) or
``{"min": a, "max": b}`` (any whole number from a to b); ``"type"`` is the action's type.
An action that fits in no larger entry is an entry of one-value lists.

Nothing here knows a game: the entries are worked out from the actions' JSON. Actions of
one type with the same fields are one group; a group whose actions are exactly the product
of each field's values is one entry; any other group is split on the field with the fewest
values and each part compacted in turn (parts that come out alike but for that field are
merged again). :func:`expand` is the inverse: ``expand(compact(a))`` holds the same actions
as ``a``, each once.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator, Mapping, Sequence
from itertools import product
from typing import Any

JSON = dict[str, Any]

MIN_RANGE = 3
"""Consecutive whole numbers become ``{"min", "max"}`` from this many values on (two
values are as short as a list)."""


def compact(actions: Sequence[Mapping[str, Any]]) -> list[JSON]:
    """The actions (as JSON objects, each with a ``"type"``) as compact entries, types in
    the order they first appear."""
    groups: dict[tuple[Any, tuple[str, ...]], list[Mapping[str, Any]]] = {}
    for action in actions:
        fields = tuple(k for k in action if k != "type")
        groups.setdefault((action.get("type"), fields), []).append(action)
    out: list[JSON] = []
    for (kind, fields), members in groups.items():
        rows = _unique([tuple(_Value(a[f]) for f in fields) for a in members])
        for entry in _cover(rows, len(fields)):
            item: JSON = {"type": kind}
            for name, values in zip(fields, entry, strict=True):
                item[name] = _written(values)
            out.append(item)
    return out


def expand(entries: Sequence[Mapping[str, Any]]) -> list[JSON]:
    """Every action the compact ``entries`` stand for, as JSON objects."""
    out: list[JSON] = []
    for entry in entries:
        fields = [k for k in entry if k != "type"]
        choices = [_choices(entry[f]) for f in fields]
        for values in product(*choices):
            out.append({"type": entry["type"], **dict(zip(fields, values, strict=True))})
    return out


def count(entries: Sequence[Mapping[str, Any]]) -> int:
    """How many actions ``entries`` stand for, without listing them."""
    return sum(math.prod(len(_choices(v)) for k, v in e.items() if k != "type") for e in entries)


class _Value:
    """A JSON value as a hashable key (lists and objects by their canonical text)."""

    __slots__ = ("key", "value")

    def __init__(self, value: Any) -> None:
        self.value = value
        if isinstance(value, list | dict):
            self.key: Any = (type(value).__name__, json.dumps(value, sort_keys=True))
        else:
            self.key = (type(value).__name__, value)  # 1, 1.0 and true stay apart

    def __hash__(self) -> int:
        return hash(self.key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Value) and self.key == other.key


Row = tuple[_Value, ...]
Entry = tuple[tuple[_Value, ...], ...]
"""Per field, the values an entry allows (in order of first appearance)."""


def _unique(rows: list[Row]) -> list[Row]:
    return list(dict.fromkeys(rows))


def _columns(rows: list[Row], width: int) -> Entry:
    return tuple(tuple(dict.fromkeys(row[i] for row in rows)) for i in range(width))


def _cover(rows: list[Row], width: int) -> Iterator[Entry]:
    """Entries whose products are disjoint and together are exactly ``rows`` (distinct)."""
    columns = _columns(rows, width)
    if math.prod(len(c) for c in columns) == len(rows):
        yield columns
        return
    # not a product: split on the field with the fewest values (more than one: some
    # field varies, else the product would have matched)
    split = min((i for i in range(width) if len(columns[i]) > 1), key=lambda i: len(columns[i]))
    parts: dict[_Value, list[Row]] = {}
    for row in rows:
        parts.setdefault(row[split], []).append(row)
    merged: dict[Entry, list[_Value]] = {}  # entries alike but for the split field
    for value, part in parts.items():
        for entry in _cover(part, width):
            rest = entry[:split] + entry[split + 1 :]
            merged.setdefault(rest, []).append(value)
    for rest, values in merged.items():
        yield (*rest[:split], tuple(values), *rest[split:])


def _written(values: tuple[_Value, ...]) -> Any:
    plain = [v.value for v in values]
    if len(plain) >= MIN_RANGE and all(type(v) is int for v in plain):
        low, high = min(plain), max(plain)
        if high - low + 1 == len(plain):
            return {"min": low, "max": high}
    return plain


def _choices(written: Any) -> Sequence[Any]:
    if isinstance(written, Mapping):
        return range(written["min"], written["max"] + 1)
    return list(written)
