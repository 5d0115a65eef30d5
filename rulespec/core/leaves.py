"""JSON values as their leaves, and what changed between two of them.

Used wherever a long sequence of JSON views must stay readable: the golden playthroughs
(what each step changed) and information states (what a seat saw change at each step).
"""

from __future__ import annotations

import json
import typing
from collections.abc import Mapping


def compact(value: object) -> str:
    """One line of JSON with sorted keys (the same value always gives the same text)."""
    return json.dumps(value, separators=(",", ":"), sort_keys=True, ensure_ascii=False)


def leaves(
    value: object, path: str = "", out: dict[str, object] | None = None
) -> dict[str, object]:
    """Every JSON leaf by path (``mandalas[0].up[1].red``); empty objects and lists count
    as leaves."""
    if out is None:
        out = {}
    kind = type(value)
    if kind is not dict and kind is not list and kind is not str and isinstance(value, Mapping):
        kind = dict  # any other mapping (the exact type checks first: they are cheap)
    if kind is dict and value:
        for k, v in typing.cast(Mapping[str, object], value).items():
            leaves(v, f"{path}.{k}" if path else str(k), out)
    elif kind is list and value:
        for i, v in enumerate(typing.cast(list[object], value)):
            leaves(v, f"{path}[{i}]", out)
    else:
        out[path] = value
    return out


def delta(before: Mapping[str, object], after: Mapping[str, object]) -> dict[str, object]:
    """The leaves that changed, as one JSON object (removed leaves listed under ``"-"``)."""
    changed: dict[str, object] = {k: v for k, v in after.items() if before.get(k, _GONE) != v}
    gone = sorted(k for k in before if k not in after)
    if gone:
        changed["-"] = gone
    return changed


_GONE = object()
