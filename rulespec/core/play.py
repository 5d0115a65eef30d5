"""Driving any game: resolving chance with an RNG, random playouts.

These work on every game through the :class:`~rulespec.core.api.State` protocol. The
convention they fix is what makes seeds reproducible: chance nodes are sampled in the
order they occur with one ``random.Random``, via each state's ``sample_chance``.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable
from typing import Any, TypeVar

from rulespec.core.api import State
from rulespec.errors import InvalidArgument, bounded, suggestions

S = TypeVar("S", bound=State[Any])


def advance(state: S, rng: random.Random) -> S:
    """Resolve chance nodes with ``rng`` until a player must decide or the game is over."""
    while state.is_chance:
        state = state.apply(state.sample_chance(rng))
    return state


def _matches(state: object, phase: object) -> bool:
    """Whether ``state`` is in ``phase`` (a member of the game's ``Phase`` enum or its
    value, ``"support"``)."""
    current = getattr(state, "phase", None)
    return current is phase or current == phase or getattr(current, "value", None) == phase


def _check_target(state: object, seat: int | None, phase: object) -> None:
    """A seat or phase the state's game does not have would play to the end of the game
    unnoticed: :class:`~rulespec.InvalidArgument` instead, naming the valid ones."""
    players = getattr(state, "players", None)
    if seat is not None and (
        type(seat) is not int or (type(players) is int and not 0 <= seat < players)
    ):
        seats = f" (0 to {players - 1})" if type(players) is int else ""
        raise InvalidArgument(f"advance_until: seat {bounded(seat)} is no seat here{seats}")
    kind = type(getattr(state, "phase", None))
    if phase is None or not issubclass(kind, enum.Enum):
        return
    names = [str(m.value) for m in kind]
    if phase in list(kind) or (type(phase) is str and phase in names):
        return
    close = suggestions(phase, names) if type(phase) is str else []
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    raise InvalidArgument(
        f"advance_until: phase {bounded(phase)} is no phase of this game{hint}; its phases: "
        + ", ".join(names)
    )


def advance_until(
    state: S,
    *,
    seat: int | None = None,
    phase: object = None,
    rng: random.Random | None = None,
    max_steps: int = 10_000,
) -> S:
    """Play forward to the next decision that matters, for a REPL.

    Chance is resolved with ``rng`` (without one, seeded ``random.Random(0)``, as
    :func:`playout` does) and a decision with one legal action is taken: it is forced.
    Without ``seat`` or ``phase``, play stops at the first decision with a choice.
    With them, it goes on until ``seat`` is to act (in ``phase``, a ``Phase`` member or its
    value such as ``"support"``), answering every other question with the game's pass
    when one is legal (the action types the game declares in ``game.passes``: Oriente's
    ``Pass``, White Lotus's negotiation pass); a question that has no pass stops play
    there, since only its player can answer it. Play stops at the end of the game too.
    A seat or phase the game does not have is :class:`~rulespec.InvalidArgument` (it would
    only play to the end). More than ``max_steps`` actions raise ``RuntimeError``.
    """
    _check_target(state, seat, phase)
    if rng is None:
        rng = random.Random(0)
    game = getattr(state, "game", None)
    passes = tuple(getattr(game, "passes", ()))
    targeted = seat is not None or phase is not None
    steps = 0
    while not state.is_terminal:
        if state.is_chance:
            action = state.sample_chance(rng)
        else:
            here = seat is None or state.current_player == seat
            if targeted and here and (phase is None or _matches(state, phase)):
                return state
            legal = state.legal_actions()
            if len(legal) == 1:
                action = legal[0]
            else:
                passing = [a for a in legal if isinstance(a, passes)] if targeted else []
                if not passing:
                    return state
                action = passing[0]
        if steps >= max_steps:
            raise RuntimeError(f"no decision that matters within {max_steps} steps")
        state = state.apply(action)
        steps += 1
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

    Decision (issue 34): ``playout`` returns ``(state, steps)`` where :func:`advance` and
    :func:`advance_until` return the state alone, and both stay so: 1.0.0 documented
    them, and changing either would break every caller (``final, steps = playout(...)``).
    ``steps`` is the number of actions played, chance included: ``final.step -
    state.step`` for every game (tested), so a caller of either can tell how far play went.
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
