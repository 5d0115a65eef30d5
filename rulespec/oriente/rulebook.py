"""Every rule of Oriente (daVinci, 2004), paraphrased, cited, and the rulings we made.

The rules are data: ``rulebook.toml`` beside this module. Citations count the lines of
rulespec's transcription ``shared/rulebooks/oriente.de.txt``, whose pages are out of order
and which lost two passages; rulings that rest on secondary sources say so.
"""

from __future__ import annotations

from rulespec.core.rules import load_rulebook

RULEBOOK = load_rulebook("oriente")
"""The Oriente rulebook: every rule, ruling and ambiguity, in registry order."""
