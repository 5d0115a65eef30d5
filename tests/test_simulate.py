"""Mass simulation (``rulespec.simulate``, ``rulespec simulate``): a seed is the same game
on every executor, merged statistics and records do not depend on the executor or the
chunking, a killed worker costs a retry and nothing else, Ctrl-C leaves partial
statistics, and rule coverage counts exactly what a hand-built game exercises.

The Ray tests need the ``ray`` extra (part of ``dev``); without it they fail and say so.
"""

from __future__ import annotations

import json
import os
import random
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import attrs
import pytest

import rulespec
from rulespec import Outcome
from rulespec.cli import main
from rulespec.core.kernel import Kernel, Move, PhaseEnum, Step
from rulespec.core.rules import rule_of
from rulespec.mandala import Colour, Play
from rulespec.scale.batch import SimulationError, play
from rulespec.scale.executors import ExtraMissing, Runner

REPO = Path(__file__).resolve().parents[1]
SEEDS = range(10)


@pytest.fixture(scope="module")
def ray_cluster() -> Iterator[Any]:
    """A local Ray cluster with 2 CPUs for this module; its workers can import ``tests``."""
    try:
        import ray  # noqa: PLC0415
    except ImportError:
        pytest.fail(
            "ray is not importable: install the ray extra (pip install -e '.[ray]', or the "
            "dev extra, which includes it) to run the Ray executor tests"
        )
    ray.init(
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        runtime_env={"env_vars": {"PYTHONPATH": str(REPO)}},
    )
    yield ray
    ray.shutdown()


@pytest.fixture(scope="module")
def mandala() -> Any:
    return rulespec.game("mandala", players=2)


class KillOnce:
    """Uniform random play, except that the first worker to make its ``at``-th decision
    in one chunk kills its own process (SIGKILL: no clean-up, no goodbye) and leaves
    ``marker``, so that the retry plays on."""

    def __init__(self, marker: Path, at: int) -> None:
        self.marker = str(marker)
        self.at = at
        self.calls = 0

    def __call__(self, state: Any, rng: random.Random) -> Any:
        self.calls += 1
        if self.calls == self.at:
            try:
                os.close(os.open(self.marker, os.O_CREAT | os.O_EXCL))
            except FileExistsError:
                pass
            else:
                os.kill(os.getpid(), signal.SIGKILL)
        return rng.choice(state.legal_actions())


def test_a_seed_plays_the_game_playout_plays(mandala: Any) -> None:
    for seed in (0, 7):
        end, steps = rulespec.playout(mandala.initial_state(), random.Random(seed))
        result = play(mandala, seed, record=True)
        assert (result.steps, result.scores) == (steps, end.outcome().scores)
        assert result.record is not None
        assert rulespec.replay(result.record) == end


def test_merged_statistics_and_records_are_the_same_on_every_executor(
    mandala: Any, ray_cluster: Any
) -> None:
    runs = [
        rulespec.simulate(mandala, seeds=SEEDS, records=True, chunk=4),
        rulespec.simulate(mandala, seeds=SEEDS, records=True, executor="processes", jobs=2),
        rulespec.simulate(mandala, seeds=SEEDS, records=True, executor="ray", jobs=2, chunk=3),
    ]
    outcomes = [(sorted(run, key=lambda r: r.seed), run.stats) for run in runs]
    (first, stats), *others = outcomes
    assert [r.seed for r in first] == list(SEEDS)
    assert stats.games == len(SEEDS)
    for results, other_stats in others:
        assert other_stats == stats
        assert results == first


def test_a_killed_worker_process_costs_a_retry_not_a_game(mandala: Any, tmp_path: Path) -> None:
    clean = rulespec.simulate(mandala, seeds=SEEDS, chunk=2).run()
    policy = KillOnce(tmp_path / "killed", at=150)
    run = rulespec.simulate(mandala, policy, seeds=SEEDS, executor="processes", jobs=2, chunk=2)
    assert run.run() == clean
    assert (tmp_path / "killed").exists()
    assert run.retries >= 1


def test_a_killed_ray_worker_costs_a_retry_not_a_game(
    mandala: Any, tmp_path: Path, ray_cluster: Any
) -> None:
    clean = rulespec.simulate(mandala, seeds=SEEDS, chunk=2).run()
    policy = KillOnce(tmp_path / "killed", at=150)
    run = rulespec.simulate(mandala, policy, seeds=SEEDS, executor="ray", jobs=2, chunk=2)
    assert run.run() == clean
    assert (tmp_path / "killed").exists()


def test_keyboard_interrupt_ends_the_run_with_the_statistics_of_what_finished(
    mandala: Any,
) -> None:
    class Stop:
        calls = 0

        def __call__(self, state: Any, rng: random.Random) -> Any:
            Stop.calls += 1
            if Stop.calls == 500:  # a few games in
                raise KeyboardInterrupt
            return rng.choice(state.legal_actions())

    run = rulespec.simulate(mandala, Stop(), seeds=SEEDS, chunk=2)
    stats = run.run()
    assert run.interrupted
    assert 0 < stats.games < len(SEEDS)
    assert stats.games % 2 == 0
    assert stats == rulespec.simulate(mandala, seeds=range(stats.games), chunk=2).run()


# --- rule coverage, on a hand-built game --------------------------------------------------


class Phase(PhaseEnum):
    PLAY = "play"
    OVER = "over"


@attrs.frozen
class Add:
    n: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "add", "n": self.n}


@attrs.frozen
class Count(Kernel):
    """Seat 0 adds 1 or 2 to a total until it is exactly 4."""

    game: Any
    phase: Phase
    total: int

    def outcome(self) -> Outcome:
        return Outcome((self.total, 0), ((), ()), frozenset({0}))


def _check_add(s: Count, a: Add) -> Any:
    if a.n < 1:
        return rule_of("mandala.play.at_least_one"), "add at least one"
    if s.total + a.n > 4:
        return rule_of("mandala.hand.never_empty"), "the total would pass 4"
    return None


def _add(s: Count, a: Add) -> Count:
    total = s.total + a.n
    return Count(s.game, Phase.OVER if total == 4 else Phase.PLAY, total)


@attrs.frozen
class CountGame:
    """A game built by hand from the kernel's parts, borrowing Mandala's rule ids."""

    players: int = 2
    spec: ClassVar[Any] = rulespec.spec("mandala")
    steps: ClassVar[dict[Phase, Step[Any, Any]]] = {
        Phase.PLAY: Step.decision(
            rule_of("mandala.turn.order"),
            lambda s: 0,
            lambda s: tuple(Add(n) for n in (1, 2) if s.total + n <= 4),
            {Add: Move(_check_add, _add)},
        ),
        Phase.OVER: Step.end(rule_of("mandala.end.final_resolution")),
    }

    def initial_state(self) -> Count:
        return Count(self, Phase.PLAY, 0)

    def settings(self) -> dict[str, object]:
        return {}


def cautious_ones(state: Any, rng: random.Random) -> Add:
    """Asks the rules about adding nothing (rejected), then adds one."""
    assert not state.explain(Add(0))
    return Add(1)


@pytest.mark.parametrize("executor", ["inprocess", "processes"])
def test_rule_coverage_counts_what_a_hand_built_game_exercises(executor: str) -> None:
    games = 5
    run = rulespec.simulate(
        CountGame(), cautious_ones, seeds=range(games), executor=executor, jobs=2, probe=True
    )
    stats = run.run()
    # four additions of one per game; each decision asks about Add(0); probing at total 3
    # re-submits Add(2), legal at total 2, which would pass 4
    assert stats.coverage.by_rule() == {
        "mandala.turn.order": {"applied": 4 * games},
        "mandala.play.at_least_one": {"rejected": 4 * games},
        "mandala.hand.never_empty": {"rejected": games},
        "mandala.end.final_resolution": {"ended": games},
    }
    assert stats.ends == (("mandala.end.final_resolution", games),)
    missing = stats.coverage.unexercised(r.id for r in rulespec.rules("mandala"))
    assert "mandala.draw.reshuffle" in missing
    assert "mandala.turn.order" not in missing


def test_probing_changes_no_game(mandala: Any) -> None:
    plain = rulespec.simulate(mandala, seeds=range(3)).run()
    probed = rulespec.simulate(mandala, seeds=range(3), probe=True).run()
    assert attrs.evolve(probed, coverage=plain.coverage) == plain
    assert probed.coverage.by_rule()["mandala.play.one_colour_one_mandala"]["rejected"] > 0


# --- arguments and errors -----------------------------------------------------------------


def test_bad_arguments_are_refused_with_the_argument_named(mandala: Any) -> None:
    with pytest.raises(rulespec.InvalidArgument, match="executor"):
        rulespec.simulate(mandala, executor="threads")
    with pytest.raises(rulespec.InvalidArgument, match="jobs"):
        rulespec.simulate(mandala, executor="processes", jobs=0)
    with pytest.raises(rulespec.InvalidArgument, match="picklable"):
        rulespec.simulate(mandala, lambda s, r: None, executor="processes")
    with pytest.raises(rulespec.InvalidArgument, match="seeds"):
        rulespec.simulate(mandala, seeds=[1.5])  # type: ignore[list-item]
    with pytest.raises(rulespec.InvalidArgument, match="address"):
        rulespec.simulate(mandala, address="auto")


def test_a_policy_that_breaks_a_rule_fails_the_run_naming_the_seed(mandala: Any) -> None:
    def cheat(state: Any, rng: random.Random) -> Any:
        return Play(mandala=0, colour=Colour.RED, count=99)

    with pytest.raises(SimulationError, match=r"seed 3: IllegalAction"):
        rulespec.simulate(mandala, cheat, seeds=[3]).run()


def test_without_ray_the_ray_executor_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(__import__("sys").modules, "ray", None)
    runner = Runner("ray", 1)
    with pytest.raises(ExtraMissing, match=r"rulespec\[ray\]"):
        list(runner.map(int, [("1",)]))


# --- the command line ---------------------------------------------------------------------


def test_rulespec_simulate_prints_statistics_and_writes_replayable_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], mandala: Any
) -> None:
    out = tmp_path / "records.jsonl"
    argv = ["simulate", "mandala", "--players", "2", "--games", "6", "--seed", "4"]
    assert main([*argv, "--out", str(out), "--jobs", "2"]) == 0
    printed = capsys.readouterr().out
    assert "mandala, 2 seats: 6 games" in printed
    assert "rules that decided nothing" in printed
    lines = out.read_text(encoding="utf-8").splitlines()
    expected = rulespec.simulate(mandala, seeds=range(4, 10), records=True)
    assert [json.loads(line) for line in lines] == [r.record.to_json() for r in expected]
    for line in lines:
        assert rulespec.replay(rulespec.load_record(json.loads(line))).is_terminal
