"""Every rule of Mandala (Lookout, 2024), paraphrased, cited, and the rulings we made.

The rules are data: ``rulebook.toml`` beside this module, read and checked by
:func:`~rulespec.core.rules.load_rulebook` when this module is first imported.
Citations point at ``shared/rulebooks/mandala.de.txt`` (book ``mandala.de``) by line, and
at the reading notes ``shared/rulebooks/NOTES.md`` (book ``notes``) where a fact comes
from a secondary source. Rule ids are stable: code, tests, variant tables and docs refer
to them.
"""

from __future__ import annotations

from rulespec.core.rules import load_rulebook

RULEBOOK = load_rulebook("mandala")
"""The Mandala rulebook: every rule, ruling and ambiguity, in registry order."""
