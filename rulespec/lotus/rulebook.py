"""Every rule of White Lotus (TM-Spiele/Kosmos, 2000), paraphrased, cited, and our rulings.

The rules are data: ``rulebook.toml`` beside this module, read and checked by
:func:`~rulespec.core.rules.load_rulebook` when this module is first imported. Two editions
are cited by section heading and by line of rulespec's transcription: the German original
(book ``lotus.de``, ``shared/rulebooks/white-lotus.de.txt``, with the erratum "Nachtrag zu
Seite 6" at its end) and the French translation by Pierre Berclaz (book ``lotus.fr``,
``shared/rulebooks/white-lotus.fr.txt``). The few board facts that come from descriptions of
the printed board, not from either book, are rulings that say so (the docs list them on the
page "Sources beyond the rulebooks"). Where the editions differ, the rule's text says how
each reads and the variant table ``variants/lotus.toml`` carries the values. Rule ids are
stable: code, tests, variant tables and docs refer to them.

Seats are numbered clockwise from the first emperor. "Clockwise after seat s" means s+1,
s+2, ... modulo the number of players; the German "to the left of" is the same direction.
"""

from __future__ import annotations

from rulespec.core.rules import load_rulebook

RULEBOOK = load_rulebook("lotus")
"""The White Lotus rulebook: every rule, ruling and ambiguity, in registry order."""
