"""Every rule of Mandala (Lookout, 2024), paraphrased, cited, and the rulings we made.

The rules are data: ``rulebook.toml`` beside this module, read and checked by
:func:`~rulespec.core.rules.load_rulebook` when this module is first imported. Citations
point at the German rulebook (book ``mandala.de``) by section heading and by line of
rulespec's transcription ``shared/rulebooks/mandala.de.txt``; the component facts that come
from descriptions of the game, not from the book, are rulings that say so (the docs list
them on the page "Sources beyond the rulebooks"). Rule ids are stable: code, tests, variant
tables and docs refer to them.
"""

from __future__ import annotations

from rulespec.core.rules import load_rulebook

RULEBOOK = load_rulebook("mandala")
"""The Mandala rulebook: every rule, ruling and ambiguity, in registry order."""
