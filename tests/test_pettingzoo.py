"""The PettingZoo adapter (rulespec/pettingzoo.py), for every game in rulespec.GAMES and
every column of its variant table, with no per-game code.

PettingZoo's own checks (``api_test``, ``seed_test``, ``render_test``) run with warnings as
errors, except two messages that ``pettingzoo/test/api_test.py`` gives every environment
with ``Dict`` observations whose name is not on its list of PettingZoo's own classic
environments (``env_obs_dicts``, ``env_obs_space``): the ``{"observation",
"action_mask"}`` convention is the one those classic environments use, so for a
third-party environment these two warnings are about its name, not its behaviour.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import json
import random
import re
import sys
import warnings
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from pettingzoo import AECEnv
from pettingzoo.test import api_test, render_test, seed_test

import rulespec
import rulespec.pettingzoo as pz

NAME_ONLY_WARNINGS = (
    "Observation space for each agent probably should be gymnasium.spaces.box or "
    "gymnasium.spaces.discrete",
    "Observation is not a NumPy array",
)
"""api_test's warnings for any Dict observation outside its list of PettingZoo's own envs."""


@contextlib.contextmanager
def strict() -> Iterator[None]:
    """Every warning is an error, but for :data:`NAME_ONLY_WARNINGS` from api_test."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for message in NAME_ONLY_WARNINGS:
            warnings.filterwarnings(
                "ignore",
                message=re.escape(message) + "$",
                category=UserWarning,
                module=r"pettingzoo\.test\.api_test",
            )
        yield


def _columns() -> list[Any]:
    out = []
    for spec in rulespec.GAMES:
        for settings in spec.variants(options=False):
            label = "-".join(str(v) for v in settings.values())
            out.append(pytest.param(spec.id, settings, id=f"{spec.id}-{label}"))
    return out


COLUMNS = _columns()
GAMES = [pytest.param(s.id, s.variants(options=False)[0], id=s.id) for s in rulespec.GAMES]
"""One variant per game (its table's first column)."""


def _cycles(game_id: str, settings: dict[str, Any]) -> int:
    """Cycles (one step per agent) enough for any game of the variant to end."""
    game = rulespec.game(game_id, **settings)
    return game.bounds().max_game_length // game.players + 2


def _random_id(observation: dict[str, Any], rng: random.Random) -> int:
    return int(rng.choice(np.flatnonzero(observation["action_mask"])))


# --- PettingZoo's own checks ---------------------------------------------------------


@pytest.mark.parametrize(("game_id", "settings"), COLUMNS)
def test_pettingzoo_api_test_passes_to_the_end_of_a_game(
    game_id: str, settings: dict[str, Any]
) -> None:
    env = pz.env(game_id, **settings)
    with strict():
        api_test(env, num_cycles=_cycles(game_id, settings))
    assert isinstance(env, AECEnv)


@pytest.mark.parametrize(("game_id", "settings"), COLUMNS)
def test_pettingzoo_seed_test_passes(game_id: str, settings: dict[str, Any]) -> None:
    with strict():
        seed_test(functools.partial(pz.env, game_id, **settings), _cycles(game_id, settings))


@pytest.mark.parametrize(("game_id", "settings"), COLUMNS)
def test_pettingzoo_render_test_passes_with_the_public_view(
    game_id: str, settings: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    def public(text: str) -> bool:
        return isinstance(text, str) and text.startswith(rulespec.spec(game_id).title)

    with strict():
        render_test(functools.partial(pz.env, game_id, **settings), {"ansi": public})
    assert "public view" in capsys.readouterr().out  # "human" prints the same text


# --- the spaces and the metadata -----------------------------------------------------


@pytest.mark.parametrize(("game_id", "settings"), COLUMNS)
def test_spaces_follow_the_numbering_and_the_tensor_layout(
    game_id: str, settings: dict[str, Any]
) -> None:
    env = pz.env(game_id, **settings)
    game = rulespec.game(game_id, **settings)
    n = game.num_distinct_actions  # type: ignore[attr-defined]
    assert env.metadata == {
        "name": f"rulespec_{game_id}_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }
    assert env.possible_agents == [f"player_{s}" for s in range(game.players)]
    for agent in env.possible_agents:
        assert env.action_space(agent).n == n
        box = env.observation_space(agent)["observation"]
        mask = env.observation_space(agent)["action_mask"]
        assert box.shape == game.observation_shape()  # type: ignore[attr-defined]
        assert box.dtype == np.float32
        assert (mask.shape, mask.dtype) == ((n,), np.int8)
        assert (box.low == 0).all()  # the tensor scales every entry's range to [0, 1]
        assert (box.high == 1).all()


# --- one whole episode per game ------------------------------------------------------


@pytest.mark.parametrize(("game_id", "settings"), GAMES)
def test_an_episode_of_random_masked_actions_stays_in_the_spaces_and_pays_win_shares(
    game_id: str, settings: dict[str, Any]
) -> None:
    env = pz.env(game_id, **settings)
    rng = random.Random(5)
    with strict():
        env.reset(seed=11)
        steps = 0
        while not env.terminations[env.agent_selection]:
            state = env.rulespec_state
            assert not state.is_chance
            assert not state.is_terminal
            acting = env.agent_selection
            assert acting == env.possible_agents[state.current_player]
            for agent in env.agents:
                observation = env.observe(agent)
                assert env.observation_space(agent).contains(observation), (steps, agent)
                assert observation["observation"].dtype == np.float32
                view = state.observation(env.possible_agents.index(agent))
                assert observation["observation"].tolist() == list(view.tensor())
                if agent == acting:
                    ids = np.flatnonzero(observation["action_mask"]).tolist()
                    assert ids == sorted(state.legal_action_ids())
                    assert env.infos[agent] == {"legal_action_ids": state.legal_action_ids()}
                else:
                    assert not observation["action_mask"].any()
                    assert env.infos[agent] == {}
                assert env.rewards[agent] == 0
                assert not env.truncations[agent]
            env.step(_random_id(env.observe(acting), rng))
            steps += 1
        final = env.rulespec_state
        assert final.is_terminal
        shares = final.outcome().returns()
        assert sum(shares) == pytest.approx(1.0)
        assert all(env.terminations.values())
        assert not any(env.truncations.values())
        for seat, agent in enumerate(env.possible_agents):
            assert env.rewards[agent] == shares[seat]
            assert env.observation_space(agent).contains(env.observe(agent))
            assert not env.observe(agent)["action_mask"].any()
        earned = {}
        for agent in env.agent_iter():
            _, reward, terminated, truncated, info = env.last()
            assert (terminated, truncated, info) == (True, False, {})
            earned[agent] = reward
            env.step(None)
        assert earned == {a: shares[s] for s, a in enumerate(env.possible_agents)}
        assert env.agents == []
    assert steps > 0


@pytest.mark.parametrize(("game_id", "settings"), GAMES)
def test_a_seed_fixes_the_episode_and_no_seed_goes_on_with_the_generator(
    game_id: str, settings: dict[str, Any]
) -> None:
    def first_views(env: pz.RulespecEnv) -> list[Any]:
        return [env.observe(a)["observation"].tolist() for a in env.possible_agents]

    env = pz.env(game_id, **settings)
    env.reset(seed=3)
    first = (first_views(env), env.rulespec_state.to_json())
    env.reset(seed=3)
    assert (first_views(env), env.rulespec_state.to_json()) == first
    dealt = set()
    for _ in range(4):  # unseeded resets draw new deals from the seeded generator
        env.reset()
        dealt.add(repr(env.rulespec_state.to_json()))
    assert len(dealt) > 1
    again = pz.env(game_id, **settings)
    again.reset(seed=3)
    for _ in range(4):
        again.reset()
    assert repr(again.rulespec_state.to_json()) in dealt


# --- refusals ------------------------------------------------------------------------


def _snapshot(env: pz.RulespecEnv) -> tuple[Any, ...]:
    return (
        env.rulespec_state,
        env.agent_selection,
        list(env.agents),
        dict(env.rewards),
        dict(env._cumulative_rewards),
        dict(env.terminations),
        dict(env.truncations),
        {a: dict(i) for a, i in env.infos.items()},
        env._rng.getstate() if env._rng is not None else None,
    )


@pytest.mark.parametrize(("game_id", "settings"), GAMES)
def test_an_illegal_id_raises_and_changes_nothing(game_id: str, settings: dict[str, Any]) -> None:
    env = pz.env(game_id, **settings)
    env.reset(seed=2)
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = _snapshot(env)
    with pytest.raises(rulespec.IllegalAction) as refused:
        env.step(illegal)
    assert refused.value.rule is not None
    assert _snapshot(env) == before
    assert _snapshot(env)[0] is before[0]
    n = env.action_space(env.agent_selection).n
    for wrong in (n, -1, 2.0, "0", True, np.bool_(True), None):
        with pytest.raises(rulespec.InvalidArgument, match="step"):
            env.step(wrong)
        assert _snapshot(env) == before
    env.step(np.int32(int(np.flatnonzero(mask)[0])))  # NumPy ids are ids
    assert env.rulespec_state is not before[0]


def test_after_the_end_only_none_may_be_stepped() -> None:
    env = pz.env("mandala", players=2)
    env.reset(seed=4)
    rng = random.Random(0)
    while not env.terminations[env.agent_selection]:
        env.step(_random_id(env.observe(env.agent_selection), rng))
    with pytest.raises(rulespec.InvalidArgument, match="must step None"):
        env.step(0)
    assert len(env.agents) == 2
    env.step(None)
    assert len(env.agents) == 1
    env.step(None)
    with pytest.raises(rulespec.InvalidArgument, match="every agent has left"):
        env.step(None)


def test_use_before_reset_and_unknown_render_modes_are_refused() -> None:
    env = pz.env("mandala", players=2)
    for call in (lambda: env.step(0), lambda: env.observe("player_0"), env.public_text):
        with pytest.raises(rulespec.InvalidArgument, match="reset"):
            call()
    with pytest.raises(rulespec.InvalidArgument, match="render_mode"):
        pz.env("mandala", players=2, render_mode="rgb_array")
    with pytest.raises(rulespec.UnknownVariant):
        pz.env("mandala", players=9)


def test_render_without_a_mode_warns_as_gymnasium_envs_do() -> None:
    env = pz.env("mandala", players=2)
    env.reset(seed=0)
    with pytest.warns(UserWarning, match="without specifying any render mode"):
        assert env.render() is None


# --- rendering shows only what every seat sees ---------------------------------------


@pytest.mark.parametrize(("game_id", "settings"), GAMES)
def test_the_ansi_render_is_the_public_view_which_every_seat_shares(
    game_id: str, settings: dict[str, Any]
) -> None:
    env = pz.env(game_id, render_mode="ansi", **settings)
    env.reset(seed=8)
    rng = random.Random(1)
    for _ in range(25):
        state = env.rulespec_state
        views = [state.observation(s) for s in range(state.players)]
        public = views[0].public()
        assert all(v.public() == public for v in views)
        text = env.render()
        assert isinstance(text, str)
        head, status, *body = text.splitlines()
        assert head.startswith(rulespec.spec(game_id).title)
        assert status == f"to act: {env.agent_selection}"
        assert body == [f"  {key}: {json.dumps(value)}" for key, value in public.items()]
        env.step(_random_id(env.observe(env.agent_selection), rng))


# --- the helpers ---------------------------------------------------------------------


@pytest.mark.parametrize(("game_id", "settings"), GAMES)
def test_the_masks_agree_with_legal_action_ids(game_id: str, settings: dict[str, Any]) -> None:
    game: Any = rulespec.game(game_id, **settings)
    fast = pz._numbering(game.action_ids().decision_ids, game.num_distinct_actions)
    state = game.new_game(seed=6)
    rng = random.Random(6)
    for _ in range(60):
        if state.is_terminal:
            break
        if not state.is_chance:
            legal = state.legal_actions()
            ids, mask = fast(legal)
            assert ids == state.legal_action_ids()
            assert [i for i, m in enumerate(mask) if m] == sorted(ids)
            assert fast(legal) == (ids, mask)  # remembered by identity
            assert fast((*legal,)) == (ids, mask)  # and worked out anew for a copy
        state = rulespec.random_step(state, rng)


def test_bench_reports_raw_and_adapter_microseconds_per_step() -> None:
    raw, adapter = pz.bench("mandala", {"players": 2}, steps=200, repeat=1)
    assert raw > 0
    assert adapter > 0
    with pytest.raises(rulespec.InvalidArgument):
        pz.bench("mandala", {"players": 2}, steps=0)


def test_importing_without_the_extra_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pettingzoo", None)  # as if it were not installed
    monkeypatch.delitem(sys.modules, "rulespec.pettingzoo")
    with pytest.raises(ImportError, match=re.escape('pip install "rulespec[pettingzoo]"')):
        importlib.import_module("rulespec.pettingzoo")


@pytest.mark.parametrize(("game_id", "settings"), GAMES)
def test_undo_takes_back_steps_one_by_one_to_the_start(
    game_id: str, settings: dict[str, Any]
) -> None:
    """``undo()`` restores what every earlier step left: the state, the agent to act, its
    mask, rewards, terminations and agents, also after the last step ended the game."""
    env = pz.env(game_id, **settings)
    env.reset(seed=3)
    rng = random.Random(3)
    seen = [_snapshot(env)[:-1]]  # all but the generator, which undo does not rewind
    masks = [env.action_mask(env.agent_selection).tobytes()]
    while env.agents and not env.terminations[env.agent_selection] and len(seen) < 400:
        env.step(_random_id(env.observe(env.agent_selection), rng))
        seen.append(_snapshot(env)[:-1])
        masks.append(env.action_mask(env.agent_selection).tobytes())
    for k in range(len(seen) - 1, 0, -1):
        env.undo()
        assert _snapshot(env)[:-1] == seen[k - 1]
        assert env.action_mask(env.agent_selection).tobytes() == masks[k - 1]
    with pytest.raises(rulespec.InvalidArgument, match="no action has been applied"):
        env.undo()
    env.step(_random_id(env.observe(env.agent_selection), rng))  # play goes on
