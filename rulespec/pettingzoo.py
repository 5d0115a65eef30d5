"""Every rulespec game as a PettingZoo AEC environment (``pip install "rulespec[pettingzoo]"``).

>>> import rulespec.pettingzoo
>>> env = rulespec.pettingzoo.env("mandala", players=3)
>>> env.reset(seed=7)
>>> env.agent_selection
'player_0'
>>> observation, reward, terminated, truncated, info = env.last()
>>> sorted(observation)
['action_mask', 'observation']
>>> env.step(int(observation["action_mask"].argmax()))  # the first legal action id

One module for every game in :data:`rulespec.GAMES`, with no per-game code: the spaces
come from the game's numbering of decisions (``game.num_distinct_actions``) and from the
layout of its observation tensor (``game.observation_layout()``).

* agents ``player_0`` … are the seats; ``action_space(agent)`` is
  ``Discrete(game.num_distinct_actions)`` (an id is ``game.action_id(action)``);
* ``observation_space(agent)`` is a ``Dict`` of ``"observation"``, a float32 ``Box``
  of numbers in [0, 1] (the observation tensor scales each layout entry's range to it), and
  ``"action_mask"``, an int8 ``Box`` of 0/1 that marks the legal ids of the agent to act
  (all 0 for any other agent, and for every agent once the game is over);
* chance nodes are resolved inside :meth:`RulespecEnv.reset` and :meth:`RulespecEnv.step`
  with one ``random.Random`` seeded by ``reset(seed=...)`` (the convention of
  :func:`rulespec.core.play.advance`): same seed and same actions, same episode;
* rewards come only at the end: ``outcome().returns()``, the win share (1 for a sole
  winner, 1/k for each of k sharing the win, 0 otherwise); ``terminations`` are then all
  True, ``truncations`` never (every game ends: ``game.bounds().max_game_length``);
* ``infos[agent]`` is ``{"legal_action_ids": (...)}`` for the agent to act and ``{}``
  otherwise: never the state, which would show hidden information;
* an id that is not a legal action raises a :class:`~rulespec.RulespecError`
  (:class:`~rulespec.IllegalAction` naming the rule, or :class:`~rulespec.InvalidArgument`
  for no action id at all) and changes nothing, where PettingZoo's classic environments
  end the game or assert;
* ``render()`` shows what every seat sees alike (``observation.public()``): ``str(state)``
  shows every hand, so it is no picture for an environment whose agents must not see
  them.
"""

from __future__ import annotations

import gc
import json
import math
import operator
import random
import time
import typing
from collections.abc import Callable, Mapping
from typing import Any

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ImportError as missing:  # pragma: no cover (the dev extra installs them)
    raise ImportError(
        "rulespec.pettingzoo needs PettingZoo, Gymnasium and NumPy: "
        'pip install "rulespec[pettingzoo]" (the pettingzoo extra)'
    ) from missing

import rulespec
from rulespec.core import history as histories
from rulespec.core.game import BaseGame
from rulespec.core.tensor import as_numpy
from rulespec.errors import InvalidArgument, bounded

FLOAT_MAX = float(np.finfo(np.float32).max)
"""The bound of an open end of an observation entry's range (the largest float32): an
infinite ``Box`` bound is legal in Gymnasium, but PettingZoo's ``api_test`` warns about it
and agents that normalise by the bounds cannot use it."""

RENDER_MODES = ("ansi", "human")
"""``"ansi"``: :meth:`RulespecEnv.render` returns the text; ``"human"``: it prints it (and
so do ``reset`` and every ``step``). No ``"rgb_array"``: rulespec draws no pictures."""

VERSION = 0
"""The environment version in ``metadata["name"]`` (``rulespec_mandala_v0``): raised when
the spaces or the dynamics of the adapter itself change (a change of the rules shows in
``rulespec.__version__``)."""


def env(game_id: str, *, render_mode: str | None = None, **settings: Any) -> RulespecEnv:
    """The PettingZoo AEC environment of a game and variant: ``settings`` are those of
    :func:`rulespec.game` (``env("lotus", edition="de", players=3)``)."""
    return RulespecEnv(game_id, render_mode=render_mode, **settings)


class RulespecEnv(AECEnv):  # type: ignore[misc]  # PettingZoo ships no type information
    """One rulespec game as a PettingZoo ``AECEnv``; see the module for the conventions.

    ``env.game`` is the :class:`rulespec.Game` and, after :meth:`reset`, ``env.rulespec_state``
    the current state (a decision or the end; never a chance node): a frontend that holds
    the env may look at it, an agent must not (it shows every hand).
    """

    def __init__(self, game_id: str, *, render_mode: str | None = None, **settings: Any):
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise InvalidArgument(
                f"render_mode: expected None or one of {', '.join(map(repr, RENDER_MODES))}, "
                f"got {bounded(render_mode)}"
            )
        self.game: BaseGame[Any] = typing.cast(BaseGame[Any], rulespec.game(game_id, **settings))
        self.render_mode = render_mode
        self.metadata = {
            "name": f"rulespec_{game_id}_v{VERSION}",
            "render_modes": list(RENDER_MODES),
            "is_parallelizable": False,
        }
        self.possible_agents = [f"player_{seat}" for seat in range(self.game.players)]
        self.agents = list(self.possible_agents)
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._n = int(self.game.num_distinct_actions)
        self._decisions = tuple(self.game.action_ids().decisions)
        self._id_of = _numbering(self.game.action_ids().decision_ids, self._n)
        self._none = bytes(self._n)
        low, high = _bounds(self.game)
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low, high, low.shape, np.float32),
                    "action_mask": spaces.Box(0, 1, (self._n,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(self._n) for agent in self.possible_agents}
        self.rulespec_state: Any = None
        self._back: Any = None
        """The state before the last step's action (one undo needs no replay)."""
        self._rng: random.Random | None = None
        self._legal: tuple[int, ...] = ()
        self._mask = self._none
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[0]

    # --- the PettingZoo API ------------------------------------------------------------

    def observation_space(self, agent: str) -> Any:
        """The same ``Dict`` space object for every call (``api_test`` checks identity)."""
        return self.observation_spaces[self._agent(agent, "observation_space")]

    def action_space(self, agent: str) -> Any:
        """``Discrete(game.num_distinct_actions)``, the same object for every call."""
        return self.action_spaces[self._agent(agent, "action_space")]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game. ``seed`` seeds the generator that resolves every chance node of the
        episodes that follow; without one, the first reset seeds it from the system and
        later ones go on with it. ``options`` is accepted and ignored: the variant is fixed
        by :func:`env`'s settings."""
        if seed is not None or self._rng is None:
            self._rng = random.Random(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self._back = None
        self._enter(self.game.new_game(rng=self._rng), None)
        if self.render_mode == "human":
            self.render()

    def undo(self) -> None:
        """Take back the last :meth:`step` that applied an action (not PettingZoo API; a
        rulespec addition for search and for frontends): the state before it is current
        again, with its agent to act, action mask and infos, and the end of the game
        (rewards, terminations, agents that left) is undone if that step ended it. The
        chance outcomes drawn after that action go too; stepping again draws new ones
        from the generator, which is not rewound. Undo after undo goes further back
        (replaying the history from its root, since states keep actions, not the states
        before them). :class:`~rulespec.InvalidArgument` when no action was applied since
        :meth:`reset`."""
        state = self._started()
        before = self._back
        if before is None:
            before = _before_last_decision(state)
            if before is None:
                raise InvalidArgument("undo: no action has been applied since reset()")
        self._back = None
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self._enter(before, None)

    def step(self, action: Any) -> None:
        """Apply the agent to act's action id, then resolve chance up to the next decision
        or the end. An id that is no legal action raises a
        :class:`~rulespec.RulespecError` and leaves the environment as it was; a
        terminated agent steps ``None``."""
        state = self._started()
        if not self.agents:
            raise InvalidArgument("step: the game is over and every agent has left; reset()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise InvalidArgument(
                    f"step: the game is over; {agent} must step None, got {bounded(action)}"
                )
            self._was_dead_step(None)
            return
        if type(action) is int and 0 <= action < self._n:  # the common case, checked cheaply
            decision = self._decisions[action]
        else:
            decision = self._decision(action)
        after = state.apply(decision)  # raises before anything changes
        self._back = state
        rng = self._rng
        while after.is_chance:
            after = after.apply(after.sample_chance(rng))
        self._cumulative_rewards[agent] = 0.0
        self._enter(after, agent)
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> dict[str, Any]:
        """``agent``'s observation tensor (``state.observation(seat).tensor()``) and its
        action mask."""
        state = self._started()
        seat = self._seat[self._agent(agent, "observe")]
        return {
            "observation": as_numpy(state.observation(seat).tensor()),
            "action_mask": self.action_mask(agent),
        }

    def action_mask(self, agent: str) -> Any:
        """The int8 mask of ``agent``'s legal action ids (without the observation tensor,
        for a loop that needs only the mask)."""
        mine = self._agent(agent, "action_mask") == self.agent_selection
        marks = self._mask if mine else self._none
        return np.frombuffer(bytearray(marks), np.int8)  # a copy the caller may change

    def render(self) -> str | None:
        """The public view as text: ``"ansi"`` returns it, ``"human"`` prints it."""
        if self.render_mode is None:
            gymnasium.logger.warn(
                "You are calling render method without specifying any render mode."
            )
            return None
        text = self.public_text()
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release (no window, no process)."""

    # --- rulespec's side ---------------------------------------------------------------

    def public_text(self) -> str:
        """What every seat sees alike, one JSON field a line, under a line that says who
        is to act or how the game ended. Hidden information (hands, the deck's order) is
        not in it: it is ``observation.public()``, the same for every seat."""
        state = self._started()
        game = self.game
        settings = ", ".join(f"{k}={v}" for k, v in game.settings().items())
        head = f"{game.spec.title} ({settings}), public view"
        if state.is_terminal:
            shares = state.outcome().returns()
            end = ", ".join(f"{a} {shares[s]:g}" for s, a in enumerate(self.possible_agents))
            status = f"game over; win shares: {end}"
        else:
            status = f"to act: {self.agent_selection}"
        lines = [head, status]
        public = state.observation(0).public()
        lines.extend(f"  {key}: {json.dumps(value)}" for key, value in public.items())
        return "\n".join(lines)

    def _agent(self, agent: object, what: str) -> str:
        """``agent`` if it names a seat (``player_0`` …); :class:`~rulespec.InvalidArgument`
        otherwise, as a seat that is not one is everywhere in rulespec."""
        if type(agent) is not str or agent not in self._seat:
            last = self.possible_agents[-1]
            raise InvalidArgument(
                f"{what}: expected an agent, player_0 to {last}, got {bounded(agent)}"
            )
        return agent

    def _started(self) -> Any:
        state = self.rulespec_state
        if state is None:
            raise InvalidArgument(f"{self.metadata['name']}: call reset() before anything else")
        return state

    def _decision(self, action: object) -> Any:
        """The decision with id ``action`` (a whole number, NumPy's included)."""
        if isinstance(action, _NOT_IDS):
            raise InvalidArgument(f"step: expected an action id, got {action!r}")
        try:
            i = operator.index(action)  # type: ignore[arg-type]
        except TypeError:
            raise InvalidArgument(
                f"step: expected an action id, a whole number from 0 to {self._n - 1}, "
                f"got {bounded(action)}"
            ) from None
        if not 0 <= i < self._n:
            raise InvalidArgument(
                f"step: action id {i} is out of range; ids run from 0 to {self._n - 1}"
            )
        return self._decisions[i]

    def _enter(self, state: Any, actor: str | None) -> None:
        """Make ``state`` (a decision or the end) current, after ``actor``'s step."""
        self.rulespec_state = state
        if actor is not None:
            self.infos[actor] = {}
        if state.is_terminal:
            self._legal, self._mask = (), self._none
            shares = state.outcome().returns()
            for seat, agent in enumerate(self.possible_agents):
                self.rewards[agent] = shares[seat]
                self.terminations[agent] = True
            self._accumulate_rewards()
            if actor is not None:  # the seat after the last to act, as classic envs do
                after = (self._seat[actor] + 1) % len(self.possible_agents)
                self.agent_selection = self.possible_agents[after]
            return
        agent = self.possible_agents[state.current_player]
        self._legal, self._mask = self._id_of(state.legal_actions())
        self.infos[agent] = {"legal_action_ids": self._legal}
        self.agent_selection = agent


def _before_last_decision(state: Any) -> Any:
    """The state just before the last decision of ``state``'s history (chance outcomes
    are not steps of the environment), replayed from its root; None if there is none."""
    root, actions = histories.walk(state)
    found = None
    current = root
    for action in actions:
        if not current.is_chance:
            found = current
        current = current.apply(action)
    return found


def _numbering(
    ids_of: Callable[[tuple[Any, ...]], tuple[int, ...]], size: int
) -> Callable[[tuple[Any, ...]], tuple[tuple[int, ...], bytes]]:
    """``ids(actions)``: the ids of some decisions, as ``state.legal_action_ids()`` gives
    them (``ids_of``: the numbering's identity lookup,
    :meth:`rulespec.core.action_ids.ActionIds.decision_ids`), and their mask (a byte per
    decision, 1 for each id). A tuple of legal actions handed out again (games cache
    them) gets the mask it had: the last :data:`KEPT` tuples are remembered by identity,
    each kept alive with its answer (so an ``id()`` is never reused while remembered)."""
    seen: dict[int, tuple[tuple[Any, ...], tuple[tuple[int, ...], bytes]]] = {}
    none = bytes(size)

    def ids(actions: tuple[Any, ...]) -> tuple[tuple[int, ...], bytes]:
        found = seen.get(id(actions))
        if found is not None:
            return found[1]
        made = ids_of(actions)
        mask = bytearray(none)
        for i in made:
            mask[i] = 1
        if len(seen) >= KEPT:
            seen.clear()
        result = (made, bytes(mask))
        seen[id(actions)] = (actions, result)
        return result

    return ids


KEPT = 4096
"""How many tuples of legal actions an environment remembers with their ids."""


_NOT_IDS = (bool, np.bool_)
"""Whole numbers to Python, but no action ids."""


def _bounds(game: Any) -> tuple[Any, Any]:
    """Per number of the observation tensor, its least and greatest value: 0 and 1, since
    the tensor scales every entry's range to [0, 1]."""
    size = game.observation_shape()[0]
    return np.zeros(size, np.float32), np.ones(size, np.float32)


def bench(
    game_id: str, settings: Mapping[str, Any], steps: int, seed: int = 0, repeat: int = 3
) -> tuple[float, float]:
    """Microseconds per decision of uniformly random play: (raw, through the adapter).

    Both sides play the same games: chance from ``random.Random(seed)`` (the adapter's
    own generator after ``reset(seed=seed)``), decisions by a second
    ``random.Random(seed)`` choosing among the legal actions in id-list order. Raw:
    ``state.apply(pick.choice(state.legal_actions()))``, chance resolved with
    ``sample_chance``. Adapter: ``pick.choice(infos[agent]["legal_action_ids"])`` through
    :meth:`RulespecEnv.step`. Each plays ``steps`` decisions, starting a new game whenever
    one ends (setup included); the observation tensors are left out
    (``state.observation(p).tensor()`` costs the same with or without the adapter), and
    so is the NumPy mask (``action_mask``), whose cost is NumPy's. Each side is timed
    ``repeat`` times, interleaved, and its fastest run counts (as ``timeit`` advises:
    slower runs measure other load)."""
    if steps < 1 or repeat < 1:
        raise InvalidArgument(f"bench: steps and repeat must be at least 1, got {steps}, {repeat}")
    game = rulespec.game(game_id, **settings)
    adapter = RulespecEnv(game_id, **settings)
    raw = through = math.inf
    enabled = gc.isenabled()
    gc.disable()
    try:
        for _ in range(repeat):
            raw = min(raw, _raw_run(game, steps, seed))
            through = min(through, _adapter_run(adapter, steps, seed))
    finally:
        if enabled:
            gc.enable()
    return raw / steps * 1e6, through / steps * 1e6


def _raw_run(game: Any, steps: int, seed: int) -> float:
    chance, pick = random.Random(seed), random.Random(seed)
    start = time.perf_counter()
    state = game.new_game(rng=chance)
    for _ in range(steps):
        if state.is_terminal:
            state = game.new_game(rng=chance)
        state = state.apply(pick.choice(state.legal_actions()))
        while state.is_chance:
            state = state.apply(state.sample_chance(chance))
    return time.perf_counter() - start


def _adapter_run(adapter: RulespecEnv, steps: int, seed: int) -> float:
    pick = random.Random(seed)
    start = time.perf_counter()
    adapter.reset(seed=seed)
    for _ in range(steps):
        agent = adapter.agent_selection
        if adapter.terminations[agent]:
            adapter.reset()
            agent = adapter.agent_selection
        adapter.step(pick.choice(adapter.infos[agent]["legal_action_ids"]))
    return time.perf_counter() - start
