"""The random player: uniform over the seat's legal actions."""

from __future__ import annotations

import random
from typing import Any

from rulespec.players.base import ViewPlayer
from rulespec.players.view import SeatView


class RandomPlayer(ViewPlayer):
    """Uniform over the legal actions (chance is the game's, resolved by whoever drives
    it: a session, :func:`rulespec.random_step`). The baseline of the bench."""

    name = "random"
    looks_ahead = False

    def decide(self, view: SeatView, rng: random.Random) -> Any:
        """One of the legal actions, each as likely."""
        legal = view.legal_actions()
        return legal[rng.randrange(len(legal))]
