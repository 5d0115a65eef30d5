"""Computer players for every game: random, greedy and information-set search.

Each player decides from what its seat may see, and from nothing else: it is handed the
state, but its first act is to wrap it in a :class:`~rulespec.players.view.SeatView`,
which gives the seat's legal actions, its observation and information state, and
*determinisations*: full states drawn by the library's exact resampling from the seat's
information state (:meth:`~rulespec.core.kernel.Kernel.resample`). Two states the seat
cannot tell apart give the same choice for the same ``rng`` (``tests/test_players.py``).

>>> import random, rulespec
>>> from rulespec.players import GreedyPlayer
>>> state = rulespec.game("mandala", players=2).new_game(seed=1)
>>> action = GreedyPlayer().choose(state, state.current_player, random.Random(0))
>>> action in state.legal_actions()
True

Not loaded by ``import rulespec``: ``from rulespec.players import ...`` loads it.
"""

from __future__ import annotations

from rulespec.players.base import Player, ViewPlayer
from rulespec.players.greedy import GreedyPlayer
from rulespec.players.names import parse_player
from rulespec.players.random_player import RandomPlayer
from rulespec.players.search import SearchPlayer
from rulespec.players.view import SeatView

__all__ = [
    "GreedyPlayer",
    "Player",
    "RandomPlayer",
    "SearchPlayer",
    "SeatView",
    "ViewPlayer",
    "parse_player",
]
