"""Every rule of The White Castle (Devir/Kosmos, 2023), paraphrased, cited, and our rulings.

The rules are data: ``rulebook.toml`` beside this module, read and checked when this module
is first imported. Citations point at lines of ``shared/rulebooks/white-castle.de.txt``
(book ``castle.de``).
"""

from __future__ import annotations

from rulespec.core.rules import load_rulebook

RULEBOOK = load_rulebook("castle")
"""The White Castle rulebook: every rule and ruling, in registry order."""
