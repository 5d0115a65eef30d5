"""A variant's bounds: the numbers game frameworks size their buffers and trees by.

Each bound is derived (an arithmetic argument in the game's ``bounds`` module, tested by
random play, or a z3 claim), never guessed, and each carries that argument in words, so
the documentation can show why the number holds. Where an option would make a quantity
unbounded, the game records a ruling that caps it and a test that play never needs more.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs


@attrs.frozen
class Bounds:
    """The bounds of one variant of a game (like OpenSpiel's ``GameInfo``)."""

    max_game_length: int
    """The most actions (decisions and chance outcomes together) any game can take."""
    max_chance_outcomes: int
    """The most outcomes one chance node can have."""
    min_utility: float
    """The smallest return a seat can get (:meth:`~rulespec.Outcome.returns`)."""
    max_utility: float
    """The largest return a seat can get."""
    utility_sum: float | None
    """The sum of every seat's returns when it is the same in every game, else ``None``."""
    why: Mapping[str, str] = attrs.field(factory=dict, eq=False)
    """Per bound (by field name), the argument that establishes it, in words."""
