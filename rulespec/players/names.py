"""Reading a player from its name, as the command line takes it (``search:500``)."""

from __future__ import annotations

from rulespec.errors import InvalidArgument
from rulespec.players.base import ViewPlayer
from rulespec.players.greedy import GreedyPlayer
from rulespec.players.random_player import RandomPlayer
from rulespec.players.search import SearchPlayer

KINDS = ("random", "greedy", "search")
"""The players :func:`parse_player` reads."""


def parse_player(text: str) -> ViewPlayer:
    """A player from its name: ``random``, ``greedy``, ``search`` (the default budget),
    ``search:N`` (N iterations a move) or ``search:Ns`` (N seconds a move)."""
    kind, _, budget = text.strip().partition(":")
    if kind == "random" and not budget:
        return RandomPlayer()
    if kind == "greedy" and not budget:
        return GreedyPlayer()
    if kind == "search":
        if not budget:
            return SearchPlayer()
        try:
            if budget.endswith("s"):
                seconds = float(budget[:-1])
                if seconds > 0:
                    return SearchPlayer(iterations=None, seconds=seconds)
            elif int(budget) > 0:
                return SearchPlayer(iterations=int(budget))
        except ValueError:
            pass
    raise InvalidArgument(
        f"no player {text!r}: say random, greedy, search, search:ITERATIONS or "
        "search:SECONDSs (search:500, search:1s)",
        argument="player",
    )
