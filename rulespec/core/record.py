"""Game records: a variant, its options and the actions, enough to replay a game exactly.

A record is *explicit* when ``seed`` is None: its actions then include every chance
outcome in order. With a ``seed`` its actions are the players' decisions only, and every
chance node is sampled from ``random.Random(seed)`` in the order reached, the same
convention :meth:`Game.new_game <rulespec.Game.new_game>` and :func:`rulespec.advance` use
(``draws="stream"``). A :class:`~rulespec.Session`'s record draws each chance node from
its own generator, seeded with the seed and the step it is reached at
(``draws="step"``, :func:`rulespec.core.chance.at_step`), and names the seat that sent
each decision (``seats``): seats owing a secret choice commit in any order, so the order
of the actions alone does not say whose each one was.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import attrs

from rulespec.core.api import JSON, Action, Game, State
from rulespec.core.chance import at_step
from rulespec.core.play import advance
from rulespec.core.seeds import seed_problem
from rulespec.errors import IllegalAction, InvalidArgument, MalformedRecord, bounded


@attrs.frozen
class Record:
    """A replayable game: which game and variant, the seed if any, and the actions."""

    game: str
    settings: tuple[tuple[str, object], ...]
    """Variant axes and options, as keyword arguments for :func:`rulespec.game`."""
    actions: tuple[Action, ...]
    seed: int | None = None
    draws: str = "stream"
    """How a seeded record's chance nodes are drawn: ``"stream"``, all from one
    ``random.Random(seed)`` in the order reached; ``"step"``, each from
    ``at_step(seed, step)`` (a session's record)."""
    seats: tuple[int | None, ...] | None = None
    """The seat that sent each action (``None`` for a chance outcome), or ``None`` when
    every action was the current player's."""

    @classmethod
    def of(
        cls,
        game: Game[Any],
        actions: tuple[Action, ...],
        seed: int | None = None,
        *,
        draws: str = "stream",
        seats: tuple[int | None, ...] | None = None,
    ) -> Record:
        """A record of ``actions`` played in ``game`` (decisions only if ``seed`` is given)."""
        return cls(game.spec.id, tuple(game.settings().items()), tuple(actions), seed, draws, seats)

    def to_json(self) -> JSON:
        """``{"game": …, "settings": {…}, "seed": …, "actions": [...]}``, with ``"draws"``
        and ``"seats"`` when they are not the defaults (a session's record)."""
        out: JSON = {
            "game": self.game,
            "settings": dict(self.settings),
            "seed": self.seed,
            "actions": [a.to_json() for a in self.actions],
        }
        if self.draws != "stream":
            out["draws"] = self.draws
        if self.seats is not None:
            out["seats"] = list(self.seats)
        return out

    def replay(self, game: Game[Any], *, upto: int | None = None) -> State[Any]:
        """Apply the actions to a new game; ``upto`` stops after that many actions.

        An action that does not apply raises :class:`~rulespec.MalformedRecord` naming
        its index and the rule it breaks.
        """
        if upto is not None and (type(upto) is not int or not 0 <= upto <= len(self.actions)):
            raise InvalidArgument(
                f"upto: expected a whole number from 0 to {len(self.actions)} (the record's "
                f"actions), got {bounded(upto)}"
            )
        actions = self.actions if upto is None else self.actions[:upto]
        seats = self.seats if self.seats is not None else (None,) * len(self.actions)
        if len(seats) != len(self.actions):
            raise MalformedRecord(
                [f"seats: {len(seats)} seats for {len(self.actions)} actions (one per action)"]
            )
        if self.draws not in ("stream", "step"):
            raise MalformedRecord(
                [f'draws: expected "stream" or "step", got {bounded(self.draws)}']
            )
        problem = None if self.seed is None else seed_problem(self.seed)
        if problem is not None:
            raise MalformedRecord([problem])
        if self.seed is None:
            state: State[Any] = game.initial_state()
            rng = None
        elif self.draws == "step":
            return self._replay_by_step(game, self.seed, actions, seats)
        else:
            rng = random.Random(self.seed)
            state = advance(game.initial_state(), rng)
        for i, action in enumerate(actions):
            try:
                state = _applied(state, action, seats[i])
            except IllegalAction as exc:
                raise MalformedRecord([f"action {i} ({action}): {exc}"]) from exc
            if rng is not None:
                state = advance(state, rng)
        return state

    @staticmethod
    def _replay_by_step(
        game: Game[Any],
        seed: int,
        actions: tuple[Action, ...],
        seats: tuple[int | None, ...],
    ) -> State[Any]:
        state: Any = settle(game.initial_state(), seed)
        for i, action in enumerate(actions):
            try:
                state = _applied(state, action, seats[i])
            except IllegalAction as exc:
                raise MalformedRecord([f"action {i} ({action}): {exc}"]) from exc
            state = settle(state, seed)
        found: State[Any] = state
        return found


def _applied(state: Any, action: Action, seat: int | None) -> Any:
    """``action`` applied for its recorded seat; a record names no seat for a chance
    outcome (or at all, when written without seats), and then none is checked."""
    if seat is None:
        return state.apply(action)
    return state.apply(action, player=seat)


def settle(state: Any, seed: int) -> Any:
    """Resolve chance nodes, each with the generator of its step
    (:func:`~rulespec.core.chance.at_step`), until a seat must decide or the game is over."""
    while state.is_chance:
        state = state.apply(state.sample_chance(at_step(seed, state.step)))
    return state


def settings_from_json(data: Mapping[str, Any]) -> dict[str, Any]:
    """The settings object of a record, checked to be a JSON object."""
    settings = data.get("settings", {})
    if not isinstance(settings, Mapping):
        raise MalformedRecord([f"'settings' must be an object, got {bounded(settings)}"])
    odd = [k for k in settings if not isinstance(k, str)]
    if odd:
        raise MalformedRecord([f"settings: names must be text, got {bounded(odd)}"])
    return dict(settings)
