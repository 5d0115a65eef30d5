"""The Mandala :class:`~rulespec.core.api.Game`: one player count with its options."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import attrs

from rulespec.core.api import Action, GameSpec
from rulespec.core.play import advance
from rulespec.core.record import Record
from rulespec.mandala import actions, position
from rulespec.mandala import variant as variants
from rulespec.mandala.state import State
from rulespec.mandala.variant import MandalaOptions, MandalaVariant


@attrs.frozen
class MandalaGame:
    """Mandala for a given player count; makes states, reads positions and actions."""

    variant: MandalaVariant
    options: MandalaOptions = MandalaOptions()

    @property
    def spec(self) -> GameSpec:
        """The declarative record of Mandala."""
        from rulespec.mandala import SPEC

        return SPEC

    @property
    def players(self) -> int:
        """Number of seats (2–4)."""
        return self.variant.players

    def settings(self) -> Mapping[str, object]:
        """``{"players": n, "final_mandalas": "all"}``: arguments for ``rulespec.game``."""
        return {"players": self.players, "final_mandalas": self.options.final_mandalas.value}

    def initial_state(self) -> State:
        """Before setup chance: everything shuffled, nothing dealt."""
        return State.initial(self)

    def new_game(self, seed: int | None = None, *, rng: random.Random | None = None) -> State:
        """The first decision (seat 0's first play), setup sampled with the seed or ``rng``."""
        if rng is None:
            rng = random.Random(seed)
        return advance(self.initial_state(), rng)

    def state_from_json(self, data: Mapping[str, Any]) -> State:
        """Load a position (:mod:`rulespec.mandala.position`), all problems at once."""
        return position.load(self, data)

    def action_from_json(self, data: Mapping[str, Any]) -> Action:
        """Read one action from JSON."""
        return actions.action_from_json(data)

    def record(self, played: tuple[Action, ...], seed: int | None = None) -> Record:
        """A replayable record of ``played`` (decisions only when ``seed`` is given)."""
        return Record.of(self, played, seed)


def make(players: int | None = None, **options: object) -> MandalaGame:
    """``rulespec.game("mandala", players=…, final_mandalas=…)`` ends up here."""
    if players is None:
        from rulespec.errors import UnknownVariant

        raise UnknownVariant("mandala needs players=2, 3 or 4")
    return MandalaGame(variants.variant(players), variants.options(**options))
