"""Driving any game: resolving chance with an RNG, random playouts.

These work on every game through the :class:`~rulespec.core.api.State` protocol. The
convention they fix is what makes seeds reproducible: chance nodes are sampled in the
order they occur with one ``random.Random``, via each state's ``sample_chance``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, TypeVar

from rulespec.core.api import State

S = TypeVar("S", bound=State[Any])


def advance(state: S, rng: random.Random) -> S:
    """Resolve chance nodes with ``rng`` until a player must decide or the game is over."""
    while state.is_chance:
        state = state.apply(state.sample_chance(rng))
    return state


def random_step(state: S, rng: random.Random) -> S:
    """One step of uniformly random play: a random legal decision, or sampled chance."""
    if state.is_chance:
        return state.apply(state.sample_chance(rng))
    return state.apply(rng.choice(state.legal_actions()))


def playout(
    state: S,
    rng: random.Random | None = None,
    *,
    max_steps: int = 1_000_000,
    check: Callable[[S], None] | None = None,
) -> tuple[S, int]:
    """Play uniformly at random to the end; returns the final state and the step count.

    Without ``rng`` the play is seeded (``random.Random(0)``), so the same state always
    plays out the same way in a REPL; pass a generator for other games. ``check`` is
    called on every state reached (for invariant checks in tests). A game that does not
    end within ``max_steps`` raises ``RuntimeError``.
    """
    if rng is None:
        rng = random.Random(0)
    steps = 0
    while not state.is_terminal:
        if steps >= max_steps:
            raise RuntimeError(f"no end after {max_steps} steps")
        state = random_step(state, rng)
        steps += 1
        if check is not None:
            check(state)
    return state, steps
