"""Placeholder."""

from __future__ import annotations

import random

from rulespec.oriente.state import State


def resample(state: State, player: int, rng: random.Random) -> State:
    """Placeholder."""
    return state
