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

from rulespec.core.api import CHANCE, State
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


def _check_target(state: object, seat: int | None, phase: object) -> bool:
    """A seat or phase the state's game does not have would play to the end of the game
    unnoticed: :class:`~rulespec.InvalidArgument` instead, naming the valid ones; so is a
    seat with a phase no seat plays (chance's, the end's). Whether ``phase`` is played by
    chance alone."""
    players = getattr(state, "players", None)
    if seat is not None and (
        type(seat) is not int or (type(players) is int and not 0 <= seat < players)
    ):
        seats = f" (0 to {players - 1})" if type(players) is int else ""
        raise InvalidArgument(f"advance_until: seat {bounded(seat)} is no seat here{seats}")
    kind = type(getattr(state, "phase", None))
    if phase is None or not issubclass(kind, enum.Enum):
        return False
    names = [str(m.value) for m in kind]
    if phase in list(kind) or (type(phase) is str and phase in names):
        member: Any = kind(phase) if type(phase) is str else phase
        step = getattr(getattr(state, "game", None), "steps", {}).get(member)
        node = getattr(step, "node", None)
        if node is None:  # a decision (or a game without a phase table)
            return False
        if seat is not None:
            raise InvalidArgument(
                f"advance_until: no seat acts in phase {member.value} ({node.name.lower()} "
                f"does); ask for the phase alone, or for a phase seat {seat} plays"
            )
        return node is CHANCE
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
    With them, it goes on until ``seat`` may act (in ``phase``, a ``Phase`` member or its
    value such as ``"support"``; a seat still owing a secret choice may act), answering
    every other question with the game's pass when one is legal (the action types the
    game declares in ``game.passes``: Oriente's ``Pass``, White Lotus's negotiation
    pass). A phase of chance alone (White Lotus's ``draw``) is reached at its chance node.
    Play stops at the end of the game too.

    A question on the way that has no pass (a White Lotus claim before ``phase="bid"``)
    is one only its player can answer: :class:`~rulespec.InvalidArgument` says where play
    stopped and why, rather than handing back a state in another phase
    (``advance_until(state)`` without a target returns that question). So is a seat or
    phase the game does not have (it would only play to the end), and a seat with a
    phase that no seat plays. More than ``max_steps`` actions raise ``RuntimeError``.
    """
    chance_phase = _check_target(state, seat, phase)
    if rng is None:
        rng = random.Random(0)
    game = getattr(state, "game", None)
    passes = tuple(getattr(game, "passes", ()))
    targeted = seat is not None or phase is not None
    steps = 0
    while not state.is_terminal:
        if state.is_chance:
            if chance_phase and _matches(state, phase):
                return state
            action = state.sample_chance(rng)
        else:
            here = (
                seat is None
                or state.current_player == seat
                or seat in getattr(state, "to_act", ())  # a seat owing a secret choice
            )
            if targeted and here and (phase is None or _matches(state, phase)):
                return state
            legal = state.legal_actions()
            if len(legal) == 1:
                action = legal[0]
            else:
                passing = [a for a in legal if isinstance(a, passes)] if targeted else []
                if not passing:
                    if targeted:
                        raise InvalidArgument(_stopped(state, seat, phase))
                    return state
                action = passing[0]
        if steps >= max_steps:
            raise RuntimeError(f"no decision that matters within {max_steps} steps")
        state = state.apply(action)
        steps += 1
    return state


def _stopped(state: Any, seat: int | None, phase: object) -> str:
    """Why play stopped short of the target: a question only its player answers."""
    wanted = " and ".join(
        ([f"seat {seat}"] if seat is not None else [])
        + ([f"phase {getattr(phase, 'value', phase)}"] if phase is not None else [])
    )
    here = getattr(getattr(state, "phase", None), "value", getattr(state, "phase", None))
    return (
        f"advance_until: stopped before {wanted}: seat {state.current_player} must decide "
        f"in phase {here} and has no pass there, so only that seat can answer (apply one of "
        "its actions, then advance again; advance_until(state) without a target returns "
        "that decision)"
    )


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
