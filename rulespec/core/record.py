"""Game records: a variant, its options and the actions, enough to replay a game exactly.

A record is *explicit* when ``seed`` is None: its actions then include every chance
outcome in order. With a ``seed`` its actions are the players' decisions only, and every
chance node is sampled from ``random.Random(seed)`` in the order reached, the same
convention :meth:`Game.new_game <rulespec.Game.new_game>` and :func:`rulespec.advance` use.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import attrs

from rulespec.core.api import JSON, Action, Game, State
from rulespec.core.play import advance
from rulespec.errors import IllegalAction, InvalidArgument, MalformedRecord, bounded


@attrs.frozen
class Record:
    """A replayable game: which game and variant, the seed if any, and the actions."""

    game: str
    settings: tuple[tuple[str, object], ...]
    """Variant axes and options, as keyword arguments for :func:`rulespec.game`."""
    actions: tuple[Action, ...]
    seed: int | None = None

    @classmethod
    def of(cls, game: Game[Any], actions: tuple[Action, ...], seed: int | None = None) -> Record:
        """A record of ``actions`` played in ``game`` (decisions only if ``seed`` is given)."""
        return cls(game.spec.id, tuple(game.settings().items()), tuple(actions), seed)

    def to_json(self) -> JSON:
        """``{"game": …, "settings": {…}, "seed": …, "actions": [...]}``."""
        return {
            "game": self.game,
            "settings": dict(self.settings),
            "seed": self.seed,
            "actions": [a.to_json() for a in self.actions],
        }

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
        if self.seed is None:
            state: State[Any] = game.initial_state()
            rng = None
        else:
            rng = random.Random(self.seed)
            state = advance(game.initial_state(), rng)
        for i, action in enumerate(actions):
            try:
                state = state.apply(action)
            except IllegalAction as exc:
                raise MalformedRecord([f"action {i} ({action}): {exc}"]) from exc
            if rng is not None:
                state = advance(state, rng)
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
