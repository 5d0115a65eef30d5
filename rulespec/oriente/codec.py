"""Oriente's JSON vocabulary: nothing beyond what the types say (a card is its label,
``"nofu"``; an ability its name, ``"revolution"``), so the converter needs no hooks."""

from __future__ import annotations

from rulespec.core.convert import Converter

CODEC = Converter({})
"""Reads and writes every Oriente record."""
