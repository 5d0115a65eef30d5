"""``rulespec verify`` (issue 8): by default every variant, the proofs and enough games to
play every phase and move; ``--games N`` and ``--seconds S`` for more; a legend, each
claim in words, aligned columns whatever the labels, and totals at the end."""

from __future__ import annotations

import re
import types
from typing import Any

import pytest

import rulespec
from rulespec import verify as verifying
from rulespec.cli import main
from rulespec.scale.executors import Runner
from rulespec.verify import Played

PHASES, MOVES = verifying._everything("mandala")
VARIANTS = len(rulespec.spec("mandala").variants())


@pytest.fixture(autouse=True)
def in_this_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """The stand-ins below live in this process, so verify runs its tasks here too (by
    default it spreads them over worker processes, which would load the real ones)."""
    monkeypatch.setattr(verifying, "default_runner", Runner)


def fake_games(covering_from: int = 0, problem: str | None = None) -> Any:
    """A stand-in for ``play_games``: one game of 10 steps per seed; a seed from
    ``covering_from`` on plays every phase and move."""

    def play(game_id: str, settings: dict[str, object], seeds: tuple[int, ...]) -> Played:
        covering = any(s >= covering_from for s in seeds)
        return Played(
            len(seeds),
            10 * len(seeds),
            0.01,
            (problem,) if problem else (),
            PHASES if covering else frozenset({"play"}),
            MOVES if covering else frozenset(),
        )

    return play


def fake_proofs(*verdicts: tuple[str, str, bool]) -> Any:
    """A stand-in proofs module whose ``run`` gives these (claim id, title, ok) verdicts."""
    calls: list[tuple[str, dict[str, object]]] = []

    def run(game: str, **kwargs: object) -> list[object]:
        calls.append((game, kwargs))
        return [
            types.SimpleNamespace(
                claim_id=cid,
                title=title,
                ok=ok,
                status=types.SimpleNamespace(value="proved" if ok else "unknown"),
                seconds=0.01,
            )
            for cid, title, ok in verdicts
        ]

    return types.SimpleNamespace(run=run, calls=calls)


@pytest.fixture
def fast(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Fake proofs and games: the tests check the report and the rounds, not the rules."""
    proofs = fake_proofs(("mandala.draw.exact_count:refills", "A draw refills the hand", True))
    monkeypatch.setattr(verifying, "load_proofs", lambda: proofs)
    monkeypatch.setattr(verifying, "play_games", fake_games())
    return proofs


def test_the_default_plays_rounds_until_every_phase_and_move_is_played(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(verifying, "load_proofs", fake_proofs)
    monkeypatch.setattr(verifying, "play_games", fake_games(covering_from=2))
    assert main(["verify", "mandala"]) == 0
    out = capsys.readouterr().out
    assert f"mandala: all {len(PHASES)} phases and {len(MOVES)} kinds of move played" in out
    assert f"in {3 * VARIANTS} games" in out  # seeds 0, 1, 2: three rounds
    assert "for more random play: rulespec verify --games N, or --seconds S" in out


def test_the_default_fails_if_a_phase_is_never_played(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(verifying, "load_proofs", fake_proofs)
    monkeypatch.setattr(verifying, "play_games", fake_games(covering_from=10**6))
    assert main(["verify", "mandala"]) == 1
    out = capsys.readouterr().out
    assert f"mandala: not played in {verifying.MAX_ROUNDS * VARIANTS} games: " in out
    assert "verify: 1 check(s) failed" in out


def test_games_n_plays_n_games_per_variant_and_only_reports_what_it_missed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(verifying, "load_proofs", fake_proofs)
    monkeypatch.setattr(verifying, "play_games", fake_games(covering_from=10**6))
    assert main(["verify", "mandala", "--games", "4"]) == 0
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line.startswith("  mandala   players=")]
    assert len(rows) == VARIANTS
    assert all(line.split()[-5] == "4" for line in rows)  # games column
    assert "mandala: not played in" in out


def test_seconds_plays_rounds_for_about_that_long(
    fast: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["verify", "mandala", "--seconds", "0"]) == 0
    assert "rounds of one game per variant for about 0s" in capsys.readouterr().out


def test_games_and_seconds_exclude_each_other(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["verify", "--games", "3", "--seconds", "10"])
    assert caught.value.code == 2
    assert "not allowed with argument" in capsys.readouterr().err


def test_the_report_has_a_legend_claims_in_words_and_totals(
    fast: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["verify", "mandala"]) == 0
    out = capsys.readouterr().out
    assert out.index("Verdicts: ") < out.index("== proofs") < out.index("== random play")
    assert '"proved"' in out
    assert '"counterexample"' in out
    assert "mandala.draw.exact_count:refills\n           A draw refills the hand" in out
    totals = out[out.index("== totals ==") :]
    assert "proofs: 1 claims in " in totals
    assert "1 proved for every input" in totals
    assert f"random play: {VARIANTS} variants, {VARIANTS} games" in totals
    assert totals.rstrip().splitlines()[-2].startswith("verify: all checks passed in ")


def test_columns_stay_aligned_with_long_labels(
    fast: Any, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Labels over 40 characters broke the table before issue 8."""
    long = "final_mandalas=two_others " + "x" * 50

    def label(settings: dict[str, object], spec: Any = None) -> str:
        return long if settings.get("players") == 3 else f"players={settings['players']}"

    monkeypatch.setattr(verifying, "label", label)
    assert main(["verify", "mandala", "--no-proofs"]) == 0
    lines = capsys.readouterr().out.splitlines()
    head = next(line for line in lines if line.startswith("  game "))
    rows = [line for line in lines if line.startswith("  mandala ")]
    assert any(long in row for row in rows)
    ends = {m.end() for m in (re.search(r"\d+\.\ds", row) for row in rows) if m}
    assert len(ends) == 1  # every time column ends at the same place...
    assert ends == {head.index("time") + len("time")}  # ...under its heading


def test_a_failing_variant_fails_the_run(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(verifying, "load_proofs", fake_proofs)
    monkeypatch.setattr(verifying, "play_games", fake_games(problem="game 0, step 3: broken"))
    assert main(["verify", "mandala"]) == 1
    out = capsys.readouterr().out
    assert "FAIL: game 0, step 3: broken" in out
    assert f"{VARIANTS} failed" in out


def test_a_failed_claim_fails_the_run(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(verifying, "load_proofs", lambda: fake_proofs(("a:b", "Words", False)))
    monkeypatch.setattr(verifying, "play_games", fake_games())
    assert main(["verify", "mandala"]) == 1
    out = capsys.readouterr().out
    assert "  FAIL     unknown" in out
    assert (
        "0 proved for every input, 0 counterexamples found where the claim expects one, 1 failed"
        in out
    )


def test_verify_passes_its_timeout_in_seconds_to_the_proofs(fast: Any) -> None:
    """``verify --timeout`` sets the proofs' wall-clock safety net, for slow machines (the
    verdicts themselves rest on each claim's deterministic budget of resource units)."""
    assert main(["verify", "mandala", "--games", "1", "--timeout", "2.5"]) == 0
    assert main(["verify", "mandala", "--games", "1"]) == 0
    assert fast.calls == [("mandala", {"timeout_ms": 2_500}), ("mandala", {"timeout_ms": 300_000})]


def test_without_z3_verify_names_the_extra(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def missing() -> None:
        raise ModuleNotFoundError("No module named 'z3'", name="z3")

    monkeypatch.setattr(verifying, "load_proofs", missing)
    assert main(["verify", "mandala"]) == 2
    assert "pip install 'rulespec[proofs]'" in capsys.readouterr().err


def test_play_games_checks_every_state_and_records_phases_and_moves() -> None:
    """The real worker, on one short game: it reaches the end, every phase of Mandala's
    setup and play, and counts its steps."""
    played = verifying.play_games("mandala", {"players": 2}, (0,))
    assert played.games == 1
    assert played.steps > 100
    assert not played.problems
    assert {"deal", "play", "draw", "game_over"} <= played.phases
    assert ("play", "Play") in played.moves


def test_play_games_stops_at_a_broken_invariant(monkeypatch: pytest.MonkeyPatch) -> None:
    state_class = type(rulespec.game("mandala", players=2).initial_state())
    monkeypatch.setattr(state_class, "problems", lambda self: ("a broken invariant",))
    played = verifying.play_games("mandala", {"players": 2}, (7, 8))
    assert played.games == 0
    assert played.problems == ("game 7, step 1: a broken invariant",)


def test_the_default_runner_uses_every_core(monkeypatch: pytest.MonkeyPatch) -> None:
    """``make run`` plays on both cores of a two-core machine, and stays in this process
    on one (a pool of one worker only adds its start)."""
    monkeypatch.undo()
    monkeypatch.setattr(verifying.os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    runner = verifying.default_runner()
    assert (runner.executor, runner.jobs) == ("processes", 2)
    monkeypatch.setattr(verifying.os, "sched_getaffinity", lambda pid: {0}, raising=False)
    assert verifying.default_runner().executor == "inprocess"


def test_a_kept_pool_serves_several_maps() -> None:
    """Inside ``with runner:`` the worker processes start once for every ``map`` and
    stop at the end of the block; outside one, each ``map`` has its own."""
    with Runner("processes", 2) as runner:
        got = dict(runner.map(max, [(1, 2), (5, 3)]))
        pool = runner._pool
        again = dict(runner.map(max, [(7, 8)]))
        assert pool is not None
        assert runner._pool is pool
    assert (got, again) == ({0: 2, 1: 5}, {0: 8})
    assert runner._pool is None
    alone = Runner("processes", 2)
    assert dict(alone.map(max, [(1, 0)])) == {0: 1}
    assert alone._pool is None
