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
one type with the same fields are one group; within a group, field by field (the one
with the most values first), entries alike in every other field are merged into one, so
a group that is exactly the product of each field's values ends as one entry and any
other as a few. :func:`expand` is the inverse: ``expand(compact(a))`` holds the same actions
as ``a``, each once.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
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
        keys = tuple(action)
        # "type" first, as every game writes its actions; anywhere, as JSON may have it
        fields = keys[1:] if keys[:1] == ("type",) else tuple(k for k in keys if k != "type")
        groups.setdefault((action.get("type"), fields), []).append(action)
    out: list[JSON] = []
    values: dict[Any, Any] = {}  # each value's key: the value
    for (kind, fields), members in groups.items():
        rows: list[Row] = []
        for a in members:
            row = []
            for f in fields:
                v = a[f]
                t = type(v)
                k = (
                    v
                    if t is str
                    else (t, json.dumps(v, sort_keys=True))
                    if t in _NESTED
                    else (t, v)
                )
                values[k] = v
                row.append(k)
            rows.append(tuple(row))
        for entry in _cover(list(dict.fromkeys(rows)), len(fields)):
            item: JSON = {"type": kind}
            for name, keys in zip(fields, entry, strict=True):
                item[name] = _written([values[k] for k in keys])
            out.append(item)
    return out


_NESTED = (list, dict)
"""Values keyed by their canonical JSON text. Any other value is keyed as itself (text)
or with its type (``1``, ``1.0`` and ``true`` stay apart)."""


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


Row = tuple[Any, ...]
Entry = tuple[tuple[Any, ...], ...]
"""Per field, the keys of the values an entry allows (in order of first appearance)."""


def _cover(rows: list[Row], width: int) -> list[Entry]:
    """Entries whose products are disjoint and together are exactly ``rows`` (distinct).

    One pass per field, the field with the most values first: entries that agree on every
    other field (as sets of values) are merged into one, the union of their values in this
    field. Entries stay disjoint, and a group that is a full product ends as one entry;
    each pass is one grouping, so a view's hundred actions cost microseconds."""
    if len(rows) < 2 or width == 0:
        return [tuple((k,) for k in row) for row in rows]
    # per entry: its values per field, and the same as keys that ignore order (a single
    # value as itself, several as a frozenset; no value's key is a frozenset)
    columns = [tuple(dict.fromkeys(row[i] for row in rows)) for i in range(width)]
    if math.prod(map(len, columns)) == len(rows):  # a full product (one field, often)
        return [tuple(columns)]
    entries: list[tuple[Entry, Row]] = [(tuple((k,) for k in row), row) for row in rows]
    spread = [len(c) for c in columns]
    for i in sorted(range(width), key=lambda i: -spread[i]):
        if spread[i] < 2:
            continue
        merged: dict[Row, tuple[Entry, Row, list[Any]]] = {}
        for entry, canon in entries:
            rest = canon[:i] + canon[i + 1 :]
            found = merged.get(rest)
            if found is None:
                merged[rest] = (entry, canon, list(entry[i]))
            else:
                found[2].extend(entry[i])
        entries = []
        for entry, canon, values in merged.values():
            if len(values) == len(entry[i]):
                entries.append((entry, canon))
                continue
            entries.append(
                (
                    (*entry[:i], tuple(values), *entry[i + 1 :]),
                    (*canon[:i], frozenset(values), *canon[i + 1 :]),
                )
            )
    return [entry for entry, _ in entries]


def _written(plain: list[Any]) -> Any:
    if len(plain) >= MIN_RANGE and all(type(v) is int for v in plain):
        low, high = min(plain), max(plain)
        if high - low + 1 == len(plain):
            return {"min": low, "max": high}
    return plain


def _choices(written: Any) -> Sequence[Any]:
    if isinstance(written, Mapping):
        return range(written["min"], written["max"] + 1)
    return list(written)
