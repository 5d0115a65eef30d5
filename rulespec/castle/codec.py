"""The White Castle's JSON vocabulary: every record follows from its attrs types
(:class:`rulespec.core.convert.Converter`), except an effect, written as in the data file
(``"pay_seals 1"``, ``"choice castle garden training"``; :mod:`rulespec.castle.data`)."""

from __future__ import annotations

from rulespec.castle import data
from rulespec.castle.components import Effect
from rulespec.core.convert import Converter

CODEC = Converter({Effect: data._EFFECT})
"""Reads and writes every White Castle record."""
