"""The OpenSpiel adapter (``rulespec.openspiel``), for every game of ``GAMES``.

OpenSpiel's own checks (``pyspiel.random_sim_test``: clones, serialisation, action
strings, legal-action masks, observables at every decision, returns) run on every column
of every variant table and on White Lotus with negotiation (no information-state tensor);
they run two at a time in worker processes, since the six-player games take a while.
Warnings are errors throughout.
"""

from __future__ import annotations

import concurrent.futures
import hashlib
import multiprocessing
import os
import pickle
import random
import subprocess
import sys
import warnings
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest

import rulespec
from rulespec.core import history as histories

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")
ro = pytest.importorskip("rulespec.openspiel")

pytestmark = pytest.mark.filterwarnings("error")


def columns() -> list[tuple[str, dict[str, object]]]:
    out = [(spec.id, dict(s)) for spec in rulespec.GAMES for s in spec.variants(options=False)]
    out.append(("lotus", {"negotiation": "on"}))  # a max_game_length over a million
    return out


def label(case: tuple[str, dict[str, object]]) -> str:
    game_id, settings = case
    return game_id + "-" + "-".join(f"{v}" for k, v in settings.items() if k in _AXES)


_AXES = ("edition", "players", "negotiation")


def _simulate(game_id: str, settings: dict[str, object]) -> None:
    """One ``random_sim_test`` (in a worker process)."""
    warnings.simplefilter("error")
    game = ro.game(game_id, **settings)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.fixture(scope="module")
def simulations() -> Iterator[dict[str, concurrent.futures.Future[None]]]:
    """Every random simulation, started at once on two worker processes."""
    context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(2, mp_context=context) as pool:
        futures = {label(c): pool.submit(_simulate, *c) for c in columns()}
        yield futures
        for f in futures.values():
            f.cancel()


@pytest.mark.slow
@pytest.mark.parametrize("case", columns(), ids=label)
def test_random_sim_test_passes(
    case: tuple[str, dict[str, object]],
    simulations: dict[str, concurrent.futures.Future[None]],
) -> None:
    simulations[label(case)].result(timeout=600)


# --- the module and registration --------------------------------------------------------


def _python(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-W", "error", "-c", code],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "PYTHONWARNINGS": "error"},
    )


def test_import_without_open_spiel_names_the_extra() -> None:
    done = _python(
        "import sys\nsys.modules['pyspiel'] = None\n"
        "try:\n    import rulespec.openspiel\nexcept ImportError as e:\n    print(e)\n"
    )
    assert done.returncode == 0, done.stderr
    assert "pip install 'rulespec[openspiel]'" in done.stdout


def test_register_is_explicit_and_idempotent_and_load_game_takes_the_variant() -> None:
    done = _python(
        "import pyspiel, rulespec.openspiel as ro\n"
        "names = set(pyspiel.registered_names())\n"
        "assert not any(n.startswith('rulespec_') for n in names), 'registered on import'\n"
        "ro.register(); ro.register()\n"
        "g = pyspiel.load_game('rulespec_lotus(edition=fr,players=6)')\n"
        "print(g.num_players(), g.get_parameters()['edition'], g.rulespec.players)\n"
        "print(pyspiel.load_game('rulespec_mandala').num_players())\n"
    )
    assert done.returncode == 0, done.stderr  # exits cleanly too (registry outlives Python)
    assert done.stdout.split() == ["6", "fr", "6", "2"]


@pytest.mark.parametrize("game_id", rulespec.GAMES.ids)
def test_game_type_and_info_come_from_the_spec_and_bounds(game_id: str) -> None:
    spec = rulespec.spec(game_id)
    game = ro.game(game_id)
    rs = game.rulespec
    t = game.get_type()
    b = rs.bounds()
    assert t.short_name == f"rulespec_{game_id}"
    assert (t.min_num_players, t.max_num_players) == spec.players
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    kinds = pyspiel.GameType.Information
    perfect = game_id == "castle"  # 2 players (the first column) hide nothing (issue 30)
    assert rs.information is (rulespec.Information.PERFECT if perfect else rs.spec.information)
    assert t.information == (kinds.PERFECT_INFORMATION if perfect else kinds.IMPERFECT_INFORMATION)
    assert t.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert b.utility_sum == 1.0
    assert t.utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert t.provides_information_state_string
    assert t.provides_information_state_tensor
    assert t.provides_observation_string
    assert t.provides_observation_tensor
    assert set(t.parameter_specification) == set(rs.settings())
    assert game.num_distinct_actions() == rs.num_distinct_actions
    assert game.max_chance_outcomes() == rs.num_chance_outcomes
    assert game.num_players() == rs.players == spec.variants()[0]["players"]
    assert (game.min_utility(), game.max_utility()) == (b.min_utility, b.max_utility)
    assert game.utility_sum() == b.utility_sum
    assert game.max_game_length() == b.max_game_length
    assert game.observation_tensor_shape() == list(rs.observation_shape())
    assert game.information_state_tensor_shape() == list(rs.information_state_shape())


def test_a_variant_with_a_huge_max_game_length_offers_a_small_information_tensor() -> None:
    """White Lotus with negotiation may last hundreds of thousands of steps; its information
    state tensor keeps the latest steps, so it is offered all the same."""
    game = ro.game("lotus", negotiation="on")
    assert game.get_type().provides_information_state_tensor
    assert game.max_game_length() > 100_000
    assert game.information_state_tensor_size() < game.observation_tensor_size() + 2_000
    state = game.new_initial_state()
    assert state.information_state_string(0).startswith("seat 0")
    assert len(state.information_state_tensor(0)) == game.information_state_tensor_size()


def test_unknown_settings_get_rulespecs_error() -> None:
    with pytest.raises(rulespec.UnknownVariant):
        ro.game("mandala", players=9)


# --- states --------------------------------------------------------------------------------


def walk(game: Any, seed: int, steps: int) -> Iterator[Any]:
    """The states of one random game, up to ``steps`` actions."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(steps):
        yield state
        if state.is_terminal():
            return
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(ids, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def small() -> list[tuple[str, dict[str, object]]]:
    return [(spec.id, dict(spec.variants(options=False)[0])) for spec in rulespec.GAMES]


@pytest.mark.parametrize("case", small(), ids=label)
def test_states_follow_the_rulespec_state_on_a_partial_tree(
    case: tuple[str, dict[str, object]],
) -> None:
    game = ro.game(case[0], **case[1])
    for k, state in enumerate(walk(game, seed=3, steps=120)):
        rs = state.rulespec
        player = state.current_player()
        if rs.is_terminal:
            assert player == pyspiel.PlayerId.TERMINAL
            assert state.returns() == list(rs.outcome().returns())
            break
        assert state.returns() == [0.0] * game.num_players()
        assert state.history() == [rs.game.action_id(a) for a in rs.history()]
        if rs.is_chance:
            assert player == pyspiel.PlayerId.CHANCE
            exact = sorted(rs.chance_outcome_ids())
            assert state.chance_outcomes() == [(i, float(p)) for i, p in exact]
            assert sum((p for _, p in exact), Fraction(0)) == 1
            assert state.legal_actions() == [i for i, _ in exact]
            strings = [state.action_to_string(pyspiel.PlayerId.CHANCE, i) for i, _ in exact]
        else:
            assert player == rs.current_player
            ids = state.legal_actions()
            assert ids == sorted(rs.legal_action_ids())
            assert ids == pyspiel.State.legal_actions(state)  # the C++ path agrees
            mask = state.legal_actions_mask()
            assert len(mask) == game.num_distinct_actions()
            assert [i for i, m in enumerate(mask) if m] == ids
            for other in range(game.num_players()):
                if other != player:
                    assert state.legal_actions(other) == []
            strings = [state.action_to_string(player, i) for i in ids]
            assert strings == [str(rs.game.action(i)) for i in ids]
        assert len(set(strings)) == len(strings)
        if k % 10 == 0:
            check_clone_and_serialisation(game, state)


def check_clone_and_serialisation(game: Any, state: Any) -> None:
    players = range(game.num_players())
    infos = [state.information_state_string(p) for p in players]
    clone = state.clone()
    assert clone.rulespec is state.rulespec  # shared, immutable: its history comes along
    assert [clone.information_state_string(p) for p in players] == infos
    assert clone.history() == state.history()
    assert str(clone) == str(state)
    if not clone.is_terminal():
        before = str(state)
        clone.apply_action(clone.legal_actions()[0])
        assert str(state) == before
        assert len(clone.history()) == len(state.history()) + 1
    again = game.deserialize_state(state.serialize())
    assert again.rulespec == state.rulespec
    assert again.rulespec.history() == state.rulespec.history()
    assert again.history() == state.history()
    assert [again.information_state_string(p) for p in players] == infos
    copied = pickle.loads(pickle.dumps(state))
    assert copied.rulespec.history() == state.rulespec.history()
    assert [copied.information_state_string(p) for p in players] == infos


def test_an_id_out_of_range_is_refused() -> None:
    state = ro.game("mandala").new_initial_state()
    with pytest.raises(rulespec.InvalidArgument, match="chance outcome id"):
        state.apply_action(10_000)


# --- observers --------------------------------------------------------------------------


@pytest.mark.parametrize("case", small(), ids=label)
def test_observers_show_the_observation_its_parts_and_the_information_state(
    case: tuple[str, dict[str, object]],
) -> None:
    from open_spiel.python.observation import make_observation  # noqa: PLC0415

    game = ro.game(case[0], **case[1])
    state = list(walk(game, seed=5, steps=40))[-1]
    rs = state.rulespec
    it = pyspiel.IIGObservationType
    kinds = {
        "whole": it(perfect_recall=False),
        "public": it(True, False, pyspiel.PrivateInfoType.NONE),
        "private": it(False, False, pyspiel.PrivateInfoType.SINGLE_PLAYER),
        "recall": it(perfect_recall=True),
    }
    observers = {k: make_observation(game, v) for k, v in kinds.items()}
    for p in range(game.num_players()):
        obs = rs.observation(p)
        info = rs.information_state(p)
        expected = {
            "whole": (obs.tensor(), obs.to_json()),
            "public": (obs.public_tensor(), obs.public()),
            "private": (obs.private_tensor(), obs.private()),
            "recall": (info.tensor(), None),
        }
        for kind, observer in observers.items():
            observer.set_from(state, p)
            numbers, data = expected[kind]
            assert np.array_equal(observer.tensor, np.asarray(numbers, np.float32))
            flat = np.concatenate([v.ravel() for v in observer.dict.values()])
            assert np.array_equal(flat, observer.tensor)  # the named views tile the tensor
            text = observer.string_from(state, p)
            if data is None:
                assert text == str(info) == state.information_state_string(p)
            else:
                assert ro.json.loads(text) == data
        assert state.observation_string(p) == observers["whole"].string_from(state, p)
        assert np.array_equal(state.observation_tensor(p), obs.tensor())
        assert np.array_equal(state.information_state_tensor(p), info.tensor())
    assert "steps" in observers["recall"].dict
    assert observers["recall"].dict["steps"].shape[0] == histories.horizon(rs.game)  # the latest


@pytest.mark.parametrize(
    ("public", "recall", "private"),
    [
        (True, False, "ALL_PLAYERS"),
        (False, False, "NONE"),
        (True, True, "NONE"),
        (False, True, "SINGLE_PLAYER"),
    ],
)
def test_observation_kinds_not_offered_are_refused(
    public: bool, recall: bool, private: str
) -> None:
    game = ro.game("mandala")
    kind = pyspiel.IIGObservationType(public, recall, getattr(pyspiel.PrivateInfoType, private))
    with pytest.raises(ValueError, match="rulespec"):
        game.make_py_observer(kind)
    with pytest.raises(ValueError, match="parameters"):
        game.make_py_observer(None, {"x": 1})


# --- OpenSpiel's tools --------------------------------------------------------------------


def test_a_generated_playthrough_replays_identically(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A two-player Mandala playthrough. OpenSpiel writes each tensor number by number
    (two minutes for this game's information states): here each tensor is written as a
    digest of its numbers instead, so the replay still compares every one."""
    from absl import flags  # noqa: PLC0415
    from open_spiel.python.algorithms import generate_playthrough  # noqa: PLC0415

    def digest(tensor: Any, tensor_name: str, max_cols: int = 120) -> list[str]:
        numbers = np.asarray(tensor, np.float32)
        return [f"{tensor_name}: sha256 {hashlib.sha256(numbers.tobytes()).hexdigest()}"]

    monkeypatch.setattr(generate_playthrough, "_format_tensor", digest)
    if not flags.FLAGS.is_parsed():
        flags.FLAGS.mark_as_parsed()
    ro.register()
    text = generate_playthrough.playthrough("rulespec_mandala(players=2)", None, seed=7)
    assert "rulespec_mandala" in text
    assert "InformationStateTensorShape" in text
    assert "InformationStateTensor(0).steps: sha256" in text
    path = tmp_path / "mandala.txt"
    path.write_text(text)
    original, again = generate_playthrough.replay(str(path))
    assert original == again


@pytest.mark.parametrize("case", small(), ids=label)
def test_an_rl_environment_episode_with_information_state_observations(
    case: tuple[str, dict[str, object]],
) -> None:
    from open_spiel.python import rl_environment  # noqa: PLC0415

    game = ro.game(case[0], **case[1])
    env = rl_environment.Environment(
        game,
        observation_type=rl_environment.ObservationType.INFORMATION_STATE,
        seed=1,
    )
    rng = random.Random(1)
    step = env.reset()
    size = game.information_state_tensor_size()
    steps = 0
    while not step.last():
        player = step.observations["current_player"]
        assert len(step.observations["info_state"][player]) == size
        step = env.step([rng.choice(step.observations["legal_actions"][player])])
        steps += 1
    assert steps > 0
    assert sum(step.rewards) == pytest.approx(1.0)


def test_resample_from_infostate_keeps_the_players_information_state() -> None:
    game = ro.game("mandala", players=2)
    sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)
    for state in walk(game, seed=11, steps=60):
        if state.is_terminal() or state.is_chance_node():
            continue
        player = state.current_player()
        other = state.resample_from_infostate(player, sampler)
        assert other.information_state_string(player) == state.information_state_string(player)
        assert other.history() == [game.rulespec.action_id(a) for a in other.rulespec.history()]
        assert other.legal_actions() == state.legal_actions()
        assert game.deserialize_state(other.serialize()).rulespec == other.rulespec


def test_an_mcts_bot_plays_a_whole_two_player_mandala() -> None:
    from open_spiel.python.algorithms import mcts  # noqa: PLC0415

    game = ro.game("mandala", players=2)
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=4, evaluator=evaluator, random_state=rng)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(ids, p=probs)))
        else:
            state.apply_action(bot.step(state))
            decisions += 1
    assert decisions > 0
    assert sum(state.returns()) == pytest.approx(1.0)


def test_bench_adapters_prints_raw_and_openspiel_us_per_step(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from rulespec import cli  # noqa: PLC0415

    assert cli.main(["bench", "--adapters", "mandala", "--seconds", "0.1"]) == 0
    out = capsys.readouterr().out
    assert "openspiel us" in out
    assert "pettingzoo us" in out
    assert out.count("%") == 6  # one row per column and adapter


def test_bench_adapters_without_open_spiel_says_it_skipped() -> None:
    done = _python(
        "import sys\nsys.modules['pyspiel'] = None\n"
        "from rulespec import cli\n"
        "sys.exit(cli.main(['bench', '--adapters', 'mandala', '--seconds', '0.01']))\n"
    )
    assert done.returncode == 0, done.stderr
    assert "skipped" in done.stderr
    assert "rulespec[openspiel]" in done.stderr


@pytest.mark.parametrize("game_id", [spec.id for spec in rulespec.GAMES])
def test_undo_action_restores_the_state_before_the_last_action(game_id: str) -> None:
    """``undo_action(player, action)`` takes back the last action (a decision or a chance
    outcome), once or many times in a row, and refuses anything but the last action."""
    game = ro.game(game_id, **dict(rulespec.spec(game_id).variants(options=False)[0]))
    state = game.new_initial_state()
    rng = random.Random(5)
    states = [state.clone()]
    played = []
    for _ in range(30):
        if state.is_terminal():
            break
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes(), strict=True)
            action = rng.choices(ids, probs)[0]
        else:
            action = rng.choice(state.legal_actions())
        played.append((state.current_player(), action))
        state.apply_action(action)
        states.append(state.clone())
    player, action = played[-1]
    wrong = next(a for a in range(game.num_distinct_actions() + 1) if a != action)
    with pytest.raises(rulespec.InvalidArgument, match="the last action was"):
        state.undo_action(player, wrong)
    for k in range(len(played), 0, -1):
        player, action = played[k - 1]
        state.undo_action(player, action)
        earlier = states[k - 1]
        assert state.rulespec == earlier.rulespec
        assert state.history() == earlier.history() == [a for _, a in played[: k - 1]]
        assert [(h.player, h.action) for h in state.full_history()] == played[: k - 1]
        assert state.move_number() == k - 1
        assert state.legal_actions() == earlier.legal_actions()
        assert str(state) == str(earlier)
        for p in range(game.num_players()):
            assert state.information_state_string(p) == earlier.information_state_string(p)
    assert state.is_initial_state()
    with pytest.raises(rulespec.InvalidArgument, match="no action to undo"):
        state.undo_action(0, 0)
    state.apply_action(played[0][1])  # play goes on after an undo
    assert state.history() == [played[0][1]]
