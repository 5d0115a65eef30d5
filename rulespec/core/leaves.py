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


def changes(before: object, after: object) -> dict[str, object]:
    """``delta(leaves(before), leaves(after))``, worked out on the two trees: equal
    subtrees (one comparison, at C speed) are skipped, so the cost follows what changed
    rather than the whole view (the information states' main cost: issue 30)."""
    changed: dict[str, object] = {}
    gone: list[str] = []
    if before != after:
        _diff(before, after, "", changed, gone)
    if gone:
        changed["-"] = sorted(gone)
    return changed


def _diff(b: object, a: object, path: str, changed: dict[str, object], gone: list[str]) -> None:
    """What changed from ``b`` to ``a`` (unequal) under ``path``: children compared
    before any call, as most are equal."""
    tb, ta = type(b), type(a)
    if tb is dict and ta is dict and b and a:
        bd, ad = typing.cast(dict[str, object], b), typing.cast(dict[str, object], a)
        kept = 0
        for k, v in ad.items():
            old = bd.get(k, _GONE)
            if old is _GONE:
                leaves(v, f"{path}.{k}" if path else str(k), changed)
                continue
            kept += 1
            if old is not v and old != v:
                _diff(old, v, f"{path}.{k}" if path else str(k), changed, gone)
        if kept < len(bd):  # some keys of ``b`` are not in ``a``
            for k, v in bd.items():
                if k not in ad:
                    gone.extend(leaves(v, f"{path}.{k}" if path else str(k)))
        return
    if tb is list and ta is list and b and a:
        bl, al = typing.cast(list[object], b), typing.cast(list[object], a)
        shared = min(len(bl), len(al))
        for i in range(shared):
            if bl[i] is not al[i] and bl[i] != al[i]:
                _diff(bl[i], al[i], f"{path}[{i}]", changed, gone)
        for i in range(shared, len(al)):
            leaves(al[i], f"{path}[{i}]", changed)
        for i in range(shared, len(bl)):
            gone.extend(leaves(bl[i], f"{path}[{i}]"))
        return
    lb, la = leaves(b, path), leaves(a, path)
    for k, v in la.items():
        if lb.get(k, _GONE) != v:
            changed[k] = v
    gone.extend(k for k in lb if k not in la)
