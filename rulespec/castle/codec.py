"""The White Castle's JSON vocabulary: every record follows from its attrs types
(:class:`rulespec.core.convert.Converter`), except an effect, written as in the data file
(``"pay_seals 1"``, ``"choice castle garden training"``; :func:`rulespec.castle.data.effect_text`).
A position's agenda may also hold the engine's own steps (``"audience"``, ``"section 4"``),
which the data file's stricter reader refuses, so positions read effects here."""

from __future__ import annotations

import re
from typing import Any

from rulespec.castle.components import Effect, GardenKind, Symbol
from rulespec.castle.data import effect_text
from rulespec.core.convert import Converter, Reader, Repr
from rulespec.errors import bounded

_SYMBOL = {s.label: s for s in Symbol}
_KIND = {k.label: k for k in GardenKind}


def _load(raw: Any, reader: Reader) -> Effect:
    placeholder = Effect(Symbol.VP, 0)
    if not isinstance(raw, str) or not raw.split() or len(raw) > 200:
        reader.bad(
            f"expected an effect like 'food 2' or 'choice castle garden', got {bounded(raw)}"
        )
        return placeholder
    first, *rest = raw.split()
    symbol = _SYMBOL.get(first)
    if symbol is None:
        reader.bad(f"{bounded(first)} is not a symbol")
        return placeholder
    amount = 1
    if rest and re.fullmatch(r"\d{1,5}", rest[0]):
        amount = int(rest[0])
        rest = rest[1:]
    options = tuple(_SYMBOL[w] for w in rest if w in _SYMBOL)
    kinds = tuple(_KIND[w] for w in rest if w in _KIND)
    if len(options) + len(kinds) != len(rest):
        reader.bad(f"{bounded(raw)}: after the symbol and amount come symbols or garden kinds")
        return placeholder
    return Effect(symbol, amount, options, kinds)


CODEC = Converter(
    {
        Effect: Repr(
            lambda e, ctx: effect_text(e),
            _load,
            lambda ctx: {
                "type": "string",
                "description": "an effect: symbol [amount] [option ...]",
            },
        )
    }
)
"""Reads and writes every White Castle record."""
