"""Hypothesis strategies for fuzzing code built on rulespec.

A frontend, server or bot can test its own code against every game and variant rulespec
implements: :func:`games` draws a game with its settings, :func:`states` a state reached
by seeded random play (chance nodes, decisions and finished games alike),
:func:`legal_actions` one legal action of a state, and :func:`positions` the JSON form of
a reachable state.

The strategies follow hypothesis's own API style: arguments that vary are strategies,
arguments are checked lazily (a mistake raises
:class:`~hypothesis.errors.InvalidArgument` when the strategy is first used, never at
import time), and no strategy silently draws nothing.

This module imports hypothesis, which is a test dependency only (``pip install
'rulespec[test]'``; without it, importing this module says so): ``import rulespec`` never
imports it.

>>> from hypothesis import given, settings
>>> from rulespec.testing import states
>>> @settings(max_examples=10, database=None)
... @given(states(max_steps=60))
... def test_something_is_always_possible(state):
...     assert state.is_terminal or state.legal_actions()
>>> test_something_is_always_possible()
"""

from __future__ import annotations

import functools
import random
from typing import Any

try:
    from hypothesis import strategies as st
    from hypothesis.errors import InvalidArgument
    from hypothesis.strategies import SearchStrategy
except ModuleNotFoundError as exc:  # the test extra is part of dev
    if (exc.name or "").partition(".")[0] != "hypothesis":
        raise
    raise ModuleNotFoundError(
        "rulespec.testing needs hypothesis, which is not installed; install the test extra: "
        "pip install 'rulespec[test]'",
        name="hypothesis",
    ) from exc

import rulespec
from rulespec.core.api import Game, State
from rulespec.core.play import random_step
from rulespec.core.variants import stored_settings
from rulespec.errors import UnknownGame

__all__ = ["games", "legal_actions", "positions", "states"]

_SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def _check_strategy(name: str, value: object) -> None:
    if not isinstance(value, SearchStrategy):
        raise InvalidArgument(
            f"{name}={value!r} must be a hypothesis strategy, e.g. st.just({value!r})"
        )


def _check_max_steps(max_steps: object) -> int:
    if isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 0:
        raise InvalidArgument(f"max_steps={max_steps!r} must be a whole number >= 0")
    return max_steps


def _every_variant(game_id: str) -> SearchStrategy[Game[Any]]:
    """Every variant and option setting of one game, as built games."""
    try:
        return st.sampled_from(_built(game_id))
    except UnknownGame as exc:
        raise InvalidArgument(f"games(game_ids=...) drew {game_id!r}: {exc}") from None


@functools.cache
def _built(game_id: str) -> tuple[Game[Any], ...]:
    """The games of :meth:`~rulespec.GameSpec.variants`, built once per process (the
    cross of options and variants, so no :class:`~rulespec.SettingIgnored` warning)."""
    spec = rulespec.spec(game_id)
    with stored_settings():
        return tuple(rulespec.game(game_id, **settings) for settings in spec.variants())


def games(game_ids: SearchStrategy[str] | None = None) -> SearchStrategy[Game[Any]]:
    """Games with their settings: every variant and option of the games ``game_ids`` draws.

    ``game_ids`` defaults to every id in :data:`rulespec.GAMES`. For Mandala that is
    2, 3 and 4 players, each with both ``final_mandalas`` options. Shrinks towards the
    first game's first variant.

    >>> from hypothesis import given, settings, strategies as st
    >>> seen = set()
    >>> @settings(max_examples=30, database=None)
    ... @given(games(st.just("mandala")))
    ... def collect(game):
    ...     seen.add(game.players)
    >>> collect()
    >>> seen <= {2, 3, 4}
    True
    """

    def build() -> SearchStrategy[Game[Any]]:
        ids = st.sampled_from([s.id for s in rulespec.GAMES]) if game_ids is None else game_ids
        _check_strategy("game_ids", ids)
        return ids.flatmap(_every_variant)

    return st.deferred(build)


_games = games


def _path(game: Game[Any], seed: int, max_steps: int) -> list[State[Any]]:
    """Every state of one seeded random game, up to ``max_steps`` steps or the end."""
    rng = random.Random(seed)
    state: State[Any] = game.initial_state()
    path = [state]
    while len(path) <= max_steps and not state.is_terminal:
        state = random_step(state, rng)
        path.append(state)
    return path


@st.composite
def _reached(
    draw: st.DrawFn, game_strategy: SearchStrategy[Game[Any]], max_steps: int
) -> State[Any]:
    game = draw(game_strategy)
    path = _path(game, draw(_SEEDS), max_steps)
    # About one example in ten is the last state reached (the finished game, unless
    # max_steps cut the game short); the rest are spread over the whole game.
    if draw(st.integers(min_value=0, max_value=9)) == 9:
        return path[-1]
    return path[draw(st.integers(min_value=0, max_value=len(path) - 1))]


def states(
    games: SearchStrategy[Game[Any]] | None = None, *, max_steps: int = 1000
) -> SearchStrategy[State[Any]]:
    """States reachable in ``games``: setup chance, decisions, draws, finished games.

    Each example draws a game, a seed and a number of steps, then plays that many steps
    of uniformly random play (:func:`rulespec.random_step` with ``random.Random(seed)``)
    from ``game.initial_state()``, stopping early at the end of the game. ``max_steps``
    bounds the steps; a Mandala game takes a few hundred, so the default reaches the end
    of most games. Shrinks towards earlier states of the first variant.

    >>> from hypothesis import given, settings, strategies as st
    >>> @settings(max_examples=10, database=None)
    ... @given(states(games(st.just("mandala")), max_steps=40))
    ... def test_json_round_trip(state):
    ...     data = state.to_json()
    ...     game = rulespec.game(data["game"], **data["settings"])
    ...     assert game.state_from_json(data) == state
    >>> test_json_round_trip()
    """

    def build() -> SearchStrategy[State[Any]]:
        game_strategy = _games() if games is None else games
        _check_strategy("games", game_strategy)
        return _reached(game_strategy, _check_max_steps(max_steps))

    return st.deferred(build)


def legal_actions(state: State[Any]) -> SearchStrategy[Any]:
    """One legal action of ``state``, a state that is not terminal.

    At a chance node this is any possible chance outcome, drawn without regard to its
    probability (``state.sample_chance`` follows the probabilities). A terminal state has
    no legal action, so it raises :class:`~hypothesis.errors.InvalidArgument` rather than
    silently drawing nothing.

    >>> from hypothesis import given, settings, strategies as st
    >>> game = rulespec.game("mandala", players=2)
    >>> first = game.new_game(seed=1)
    >>> @settings(max_examples=10, database=None)
    ... @given(legal_actions(first))
    ... def test_every_legal_action_applies(action):
    ...     first.apply(action)
    >>> test_every_legal_action_applies()
    """

    def build() -> SearchStrategy[Any]:
        if not callable(getattr(state, "legal_actions", None)):
            raise InvalidArgument(f"legal_actions(state={state!r}) needs a rulespec state")
        if state.is_terminal:
            raise InvalidArgument(
                "legal_actions(state): the game is over in this state, so it has no legal "
                "action; filter terminal states out first, e.g. "
                "states().filter(lambda s: not s.is_terminal)"
            )
        actions = state.legal_actions()
        if not actions:
            raise InvalidArgument(
                "legal_actions(state): this state is not terminal but has no legal action "
                "(a bug in the game model; please report it with state.to_json())"
            )
        return st.sampled_from(actions)

    return st.deferred(build)


def positions(
    games: SearchStrategy[Game[Any]] | None = None, *, max_steps: int = 1000
) -> SearchStrategy[dict[str, Any]]:
    """JSON positions (``state.to_json()``) of the states :func:`states` draws.

    Useful for fuzzing code that reads or stores positions; every one loads back with the
    game's ``state_from_json``.

    >>> import json
    >>> from hypothesis import given, settings, strategies as st
    >>> @settings(max_examples=10, database=None)
    ... @given(positions(games(st.just("mandala")), max_steps=40))
    ... def test_positions_are_json(position):
    ...     assert json.loads(json.dumps(position)) == position
    >>> test_positions_are_json()
    """
    return states(games, max_steps=max_steps).map(lambda s: s.to_json())
