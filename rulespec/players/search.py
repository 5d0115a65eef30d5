"""Information-set Monte Carlo tree search (single-observer IS-MCTS, Cowling, Powley and
Whitehouse 2012) on determinisations drawn from the seat's information state.

Each iteration draws a determinisation by the library's exact resampling
(:meth:`~rulespec.players.view.SeatView.determinise`), so the tree is grown on states
the seat cannot tell from the real one, weighted as the seat's view weighs them. One tree
is shared by every determinisation, keyed by the actions taken from the root; a node's
children are the actions, and each child counts how often it was *available* (legal in
the iteration's determinisation) beside how often it was chosen, so UCT compares an
action with the others only over the draws where it could be played. Chance is drawn by
the game's probabilities and is not a node. Below the tree a playout (random, or greedy
at once: :func:`~rulespec.players.greedy.best_now`) runs for at most ``depth`` decisions,
and the result is each seat's win share at the end, or the evaluation's guess of it
(:func:`~rulespec.players.evaluation.shares`). The move is the root's most visited action,
ties (a budget smaller than the choices leaves many at one visit) going to the best mean.

The budget is ``iterations`` and/or ``seconds``, whichever ends first. With a fixed
iteration budget (and no ``seconds``) the same ``rng`` gives the same move.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from rulespec.errors import InvalidArgument
from rulespec.players import evaluation
from rulespec.players.base import ViewPlayer
from rulespec.players.greedy import best_now
from rulespec.players.view import SeatView

EXPLORATION = 0.7
"""The UCT exploration constant (returns are win shares in [0, 1])."""


class _Node:
    """One action's node: its visits, availability and every seat's summed returns."""

    __slots__ = ("available", "children", "returns", "visits")

    def __init__(self, players: int) -> None:
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.available = 0
        self.returns = [0.0] * players


class SearchPlayer(ViewPlayer):
    """IS-MCTS with a budget of ``iterations`` and/or ``seconds`` a move; ``playout`` is
    ``"random"`` or ``"greedy"``; ``depth`` caps the decisions of a playout."""

    def __init__(
        self,
        iterations: int | None = 200,
        seconds: float | None = None,
        *,
        playout: str = "random",
        depth: int = 6,
        exploration: float = EXPLORATION,
    ) -> None:
        if iterations is None and seconds is None:
            raise InvalidArgument("SearchPlayer needs iterations or seconds", argument="iterations")
        if playout not in {"random", "greedy"}:
            raise InvalidArgument(
                f"playout is 'random' or 'greedy', not {playout!r}", argument="playout"
            )
        self.iterations = iterations
        self.seconds = seconds
        self.playout = playout
        self.depth = depth
        self.exploration = exploration
        budget = f"{iterations}" if seconds is None else f"{seconds:g}s"
        self.name = f"search:{budget}"
        self.last_iterations = 0
        """How many iterations the last move ran."""

    def decide(self, view: SeatView, rng: random.Random) -> Any:
        """The root's most visited action after the budget's iterations (of those, the
        one with the best mean return)."""
        legal = view.legal_actions()
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        players = view.game.players
        root = _Node(players)
        deadline = None if self.seconds is None else time.process_time() + self.seconds
        done = 0
        while self.iterations is None or done < self.iterations:
            if deadline is not None and done and time.process_time() >= deadline:
                break
            self._iterate(root, view, rng)
            done += 1
        self.last_iterations = done
        seat = view.seat

        def rank(action: Any) -> tuple[int, float]:
            child = root.children.get(action)
            if child is None:
                return -1, 0.0
            return child.visits, child.returns[seat] / child.visits

        return max(legal, key=rank)

    def _iterate(self, root: _Node, view: SeatView, rng: random.Random) -> None:
        state = view.determinise(rng)
        path = [root]
        node = root
        mover: int | None = view.seat
        while not state.is_terminal:
            if state.is_chance:
                state = state.apply(state.sample_chance(rng))
                continue
            seat = state.current_player if mover is None else mover
            legal = state.legal_actions(player=seat)
            untried = [a for a in legal if a not in node.children]
            for action in legal:
                child = node.children.get(action)
                if child is not None:
                    child.available += 1
            if untried:
                action = untried[rng.randrange(len(untried))]
                child = _Node(len(root.returns))
                child.available = 1
                node.children[action] = child
                state = state.apply(action, player=seat)
                path.append(child)
                break
            action = self._select(node, legal, seat)
            state = state.apply(action, player=seat)
            node = node.children[action]
            path.append(node)
            mover = None
        returns = evaluation.shares(self._playout(state, rng))
        for visited in path:
            visited.visits += 1
            for s, r in enumerate(returns):
                visited.returns[s] += r

    def _select(self, node: _Node, legal: tuple[Any, ...], seat: int) -> Any:
        """UCT over the available children, for the seat acting there."""
        best = None
        score = -math.inf
        for action in legal:
            child = node.children[action]
            value = child.returns[seat] / child.visits + self.exploration * math.sqrt(
                math.log(child.available) / child.visits
            )
            if value > score:
                best, score = action, value
        return best

    def _playout(self, state: Any, rng: random.Random) -> Any:
        decisions = 0
        while not state.is_terminal and decisions < self.depth:
            if state.is_chance:
                state = state.apply(state.sample_chance(rng))
                continue
            if self.playout == "greedy":
                action = best_now(state, state.current_player, rng)
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state = state.apply(action)
            decisions += 1
        return state
