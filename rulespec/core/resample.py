"""Resampling a state from one seat's information state, by history substitution.

``state.resample(p, rng)`` returns a full state that seat ``p`` cannot tell from
``state``: its information state (:meth:`~rulespec.core.kernel.Kernel.information_state`)
is the same, and every component hidden from ``p`` is drawn at random among the
assignments consistent with what ``p`` has seen, as information-set search wants it
(OpenSpiel's ``resample_from_infostate``).

The machinery here is game-agnostic. A state's history is replayed from its root with
some actions replaced (the ones ``p`` never saw); the replacement is accepted only if
every replaced and every later action is still legal and ``p``'s view after every step
is the same as in the original history, so the new state carries a genuine history and
``p``'s information state is equal by construction, checked step by step. A game supplies
a :data:`Plan` function, which says which steps of the history are hidden from ``p`` and
returns a proposer drawing replacements for them (see ``rulespec/<game>/resample.py``).

A proposal maps history indices to replacements. A replacement is either an action, or
a :class:`Choices` that lists, at the replayed state before that step, the candidates:
one is drawn uniformly among those that leave ``p``'s view as it was. Every replacement
is made by the seat that made the original step: a secret choice committed out of the
fixed order (:func:`rulespec.core.history.moves`) is replayed as that seat's again, so
who has committed when stays as ``p`` saw it. The key
:data:`ROOT` replaces the root state itself: a state read from a position (the root of
its own history) may hide components of its own, which have no past to condition on
and are redrawn from ``p``'s view of the root alone.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from rulespec.core import history as histories
from rulespec.errors import IllegalAction, RulespecError

MAX_ATTEMPTS = 1_000_000
"""Proposals tried before giving up (the original history is always accepted, so a
proposal is rejected only by chance; this bounds a bug, not the sampler)."""


@attrs.frozen
class Choices:
    """A replacement drawn during the replay: ``candidates(before)`` lists the actions
    that may stand at this step of the replayed history; one is drawn uniformly among
    those that leave the seat's view after the step as it was in the original.
    ``before`` is the state as the step's seat acts in it (moved to act if it committed
    out of turn, :func:`rulespec.core.history.acting`)."""

    candidates: Callable[[Any], Sequence[Any]]


Replacement = Any
"""An action, or a :class:`Choices`."""

ROOT = -1
"""The key of a proposal that replaces the root state."""

Proposer = Callable[[random.Random], Mapping[int, Replacement] | None]
"""``proposer(rng)``: one proposal, replacements keyed by history index (or
:data:`ROOT`); ``None`` rejects it at once (a new one is drawn)."""

Plan = Callable[[Any, int, Any, Sequence[Any]], Proposer]
"""``plan(state, player, root, actions)``: the proposer for the hidden parts of
``state``'s history (``actions`` applied to ``root``; who made each step out of turn is
in :func:`rulespec.core.history.moves`), worked out once per call."""


class ResampleFailed(RulespecError):
    """No consistent history was found within :data:`MAX_ATTEMPTS` proposals."""

    code = "resample_failed"


def resample(state: Any, player: int, rng: random.Random, plan: Plan) -> Any:
    """A state ``player`` cannot tell from ``state``, hidden components redrawn (the
    caller has checked ``player`` and that the game is not over)."""
    root, actions = histories.moves(state)
    propose = plan(state, player, root, tuple(a for a, _ in actions))
    views: dict[int, Any] = {}  # original views of the player after step i, computed on demand
    for _ in range(MAX_ATTEMPTS):
        proposal = propose(rng)
        if proposal is None:
            continue
        if not proposal:  # nothing hidden: the state itself is the only one
            return state
        found = _replay(root, actions, proposal, player, rng, views)
        if found is not None:
            return found
    raise ResampleFailed(
        f"resample: no history consistent with seat {player}'s view found in "
        f"{MAX_ATTEMPTS} proposals"
    )


def _replay(  # noqa: PLR0917
    root: Any,
    actions: Sequence[histories.Move],
    plan: Mapping[int, Replacement],
    player: int,
    rng: random.Random,
    views: dict[int, Any],
) -> Any:
    """Replay ``actions`` from ``root`` with ``plan``'s replacements; ``None`` if a step
    is illegal or changes ``player``'s view."""
    first = min(plan, default=len(actions))
    if first == ROOT:
        current = plan[ROOT]
        if root.step and current.step != root.step:  # a redrawn root keeps its step
            object.__setattr__(current, "_step", root.step)
        if ROOT not in views:
            views[ROOT] = root.observation(player)
        if current.observation(player) != views[ROOT]:
            return None
        first = 0
        if first not in views:
            _original_views(root, actions, first, player, views)
    else:
        current = root
        for action, seat in actions[:first]:
            current = histories.play(current, action, seat)
        if first not in views:
            _original_views(current, actions, first, player, views)
    for i in range(first, len(actions)):
        wanted = views[i]
        original, seat = actions[i]
        replacement = plan.get(i, original)
        if isinstance(replacement, Choices):
            after = _choose(current, seat, replacement, player, wanted, rng)
            if after is None:
                return None
            current = after
            continue
        try:
            current = histories.play(current, replacement, seat)
        except IllegalAction:
            return None
        if current.observation(player) != wanted:
            return None
    return current


def _choose(  # noqa: PLR0917
    before: Any,
    seat: int | None,
    choices: Choices,
    player: int,
    wanted: Any,
    rng: random.Random,
) -> Any | None:
    """The state after a candidate drawn uniformly among those that keep the view, made
    by ``seat`` if the original step was made out of turn."""
    if seat is not None and seat not in before.to_act:
        return None
    mover = histories.acting(before, seat)
    candidates = list(choices.candidates(mover))
    while candidates:
        k = rng.randrange(len(candidates))
        candidates[k], candidates[-1] = candidates[-1], candidates[k]
        action = candidates.pop()
        try:
            after = histories.play(before, action, seat)
        except IllegalAction:
            continue
        if after.observation(player) == wanted:
            return after
    return None


def _original_views(
    state: Any,
    actions: Sequence[histories.Move],
    first: int,
    player: int,
    views: dict[int, Any],
) -> None:
    """``player``'s view after every step from ``first`` on, in the original history
    (``state`` is the state before step ``first``)."""
    for i in range(first, len(actions)):
        if i in views:
            return
        state = histories.play(state, *actions[i])
        views[i] = state.observation(player)
