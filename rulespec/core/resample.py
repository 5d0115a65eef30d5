"""Resampling a state from one seat's information state.

``state.resample(p, rng)`` returns a full state that seat ``p`` cannot tell from
``state``: its information state (:meth:`~rulespec.core.kernel.Kernel.information_state`)
is the same, and every component hidden from ``p`` is drawn at random among the
assignments consistent with what ``p`` has seen, as information-set search wants it
(OpenSpiel's ``resample_from_infostate``).

The machinery here is game-agnostic, and the result always carries a genuine history of
the same length: ``state``'s, with the actions ``p`` never saw replaced (and, for a state
read from a position, its root). There are two ways to get there.

*Drawn directly* (:func:`sample`, what every game uses): a game supplies a :data:`Build`
that reads the history once per (history, seat) and returns a :data:`Sampler`; each call
of the sampler draws the replacements exactly from the posterior and says what state the
changed history leads to (:class:`Drawn`), and the new history is grafted onto the old
one without replaying it (:func:`rulespec.core.history.graft`). The seat's information
state is carried over, so asking for it on the result costs nothing. The samplers of the
last :data:`CACHE_SIZE` (history, seat) pairs are kept, since information-set search
asks for many samples of one state: a further draw costs a few steps' time, not a replay.
The tests replay every kind of result and compare (``tests/test_resample.py``).

*By history substitution* (:func:`resample`): the history is replayed from its root with
some actions replaced; the replacement is accepted only if every replaced and every later
action is still legal and ``p``'s view after every step is the same as in the original
history. A game supplying a :data:`Plan` says which steps are hidden from ``p`` and
returns a proposer drawing replacements for them. This is slow (a replay per call, and
a rejection for every proposal that does not fit), but it needs nothing but the rules:
the games use it where a case is too rare to draw directly (a White Lotus position with
hidden points and a history after it), and the tests use it as the reference the direct
samplers are checked against.

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

import contextlib
import functools
import random
from collections import OrderedDict
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


# --- drawn directly ------------------------------------------------------------------


@attrs.frozen
class Drawn:
    """One draw of a :data:`Sampler`: the history's changes, and where they lead."""

    changes: Mapping[int, Any]
    """History index -> the action that replaces the one there (made by the same seat)."""
    state: Any
    """The state the changed history leads to (the caller vouches for it: nothing is
    replayed)."""
    root: Any = None
    """The state that replaces the root (a position's own hidden components), or None."""


SAME = Drawn({}, None)
"""The draw that changes nothing: the state itself."""

Sampler = Callable[[random.Random], Drawn | None]
"""``sampler(rng)``: one exact draw; ``None`` rejects it (a new one is drawn: an exact
rejection step of the sampler's own). A draw with no changes and no root means the state
itself."""


class Past:
    """The history of ``state`` for seat ``player``, as a :data:`Build` reads it."""

    def __init__(self, state: Any, player: int) -> None:
        self.state = state
        self.player = player
        self.links = histories.links(state)
        """The root and the links of the history (:func:`rulespec.core.history.links`)."""
        self.root = self.links[0]
        self.moves = tuple((link[1], histories.seat_of(link)) for link in self.links[1])
        """Each step's action with the seat that made it out of turn, else ``None``."""

    @property
    def actions(self) -> tuple[Any, ...]:
        """The actions applied since the root, in order."""
        return tuple(a for a, _ in self.moves)

    @functools.cached_property
    def states(self) -> tuple[Any, ...]:
        """Every state from the root to ``state`` (``len(moves) + 1``): the copies the
        seat's information state keeps, so nothing is replayed once it was asked for."""
        return tuple(histories.states(self.state))


Build = Callable[[Past], Sampler | None]
"""``build(past)``: the sampler for one history and seat, worked out once; ``None`` if
the game draws this history by history substitution instead (a rare case it does not
draw directly)."""

CACHE_SIZE = 4
"""Samplers kept, for the most recent (history, seat) pairs (a White Lotus or Oriente
sampler is small; a Mandala one late in a 4-player game holds up to a few tens of
megabytes of counts)."""

_samplers: OrderedDict[tuple[int, int, int], tuple[Any, Sampler | None, Any]] = OrderedDict()


def sample(
    state: Any, player: int, rng: random.Random, build: Build, fallback: Plan | None = None
) -> Any:
    """A state ``player`` cannot tell from ``state``, drawn by ``build``'s sampler, or by
    history substitution with ``fallback`` where ``build`` has none (the caller has
    checked ``player`` and that the game is not over)."""
    histories.information_state(state, player)  # worked out once; carried over to the result
    draw, chain = _kept(state, player, build)
    if draw is None:
        assert fallback is not None
        return resample(state, player, rng, fallback)
    for _ in range(MAX_ATTEMPTS):
        drawn = draw(rng)
        if drawn is None:
            continue
        if not drawn.changes and drawn.root is None:
            return state
        return histories.graft(
            state, drawn.changes, drawn.state, root=drawn.root, keep=player, known=chain
        )
    raise ResampleFailed(
        f"resample: no history consistent with seat {player}'s view drawn in "
        f"{MAX_ATTEMPTS} attempts"
    )


def _kept(state: Any, player: int, build: Build) -> tuple[Sampler | None, Any]:
    """``build``'s sampler for ``state``'s history and ``player``, and the history's links
    (:attr:`Past.links`): kept for the latest :data:`CACHE_SIZE`, looked up by the
    identity of the history (a state's last link, kept with it so the identity stays)."""
    anchor = getattr(state, "_trail", None) or state
    key = (id(anchor), player, id(build))
    found = _samplers.get(key)
    if found is not None and found[0] is anchor:
        with contextlib.suppress(KeyError):  # another thread may just have dropped it
            _samplers.move_to_end(key)
        return found[1], found[2]
    past = Past(state, player)
    made = build(past)
    _samplers[key] = (anchor, made, past.links)
    while len(_samplers) > CACHE_SIZE:
        with contextlib.suppress(KeyError):
            _samplers.popitem(last=False)
    return made, past.links


def cache_clear() -> None:
    """Forget the kept samplers."""
    _samplers.clear()


# --- by history substitution ---------------------------------------------------------


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
