"""The ``rulespec`` command's bench: it runs on a tiny budget, and ``--against openspiel``
says what to install when open_spiel is missing (speed is reported, never asserted);
``verify --timeout`` reaches the proofs."""

from __future__ import annotations

import sys
import types

import pytest

from rulespec import cli
from rulespec.cli import main


def test_bench_runs_on_a_tiny_budget(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "mandala", "--seconds", "0.001"]) == 0
    out = capsys.readouterr().out
    assert "us/step" in out
    assert "players=2" in out


def test_bench_against_openspiel_without_open_spiel_exits_2_and_names_the_extra(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # None in sys.modules makes any import of that name fail, as if it were not installed
    for name in ("open_spiel", "open_spiel.python", "open_spiel.python.games", "pyspiel"):
        monkeypatch.setitem(sys.modules, name, None)
    assert main(["bench", "mandala", "--against", "openspiel", "--seconds", "0.001"]) == 2
    err = capsys.readouterr().err
    assert "open_spiel" in err
    assert "rulespec[bench]" in err


def test_verify_passes_its_timeout_in_seconds_to_the_proofs(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``verify --timeout`` sets the proofs' wall-clock safety net, for slow machines (the
    verdicts themselves rest on each claim's deterministic budget of resource units)."""
    calls: list[tuple[str, dict[str, object]]] = []

    def run(game: str, **kwargs: object) -> list[object]:
        calls.append((game, kwargs))
        return []

    monkeypatch.setattr(cli, "_load_proofs", lambda: types.SimpleNamespace(run=run))
    monkeypatch.setattr(cli, "playout", lambda state, rng, check: (state, 1))
    assert main(["verify", "mandala", "--games", "1", "--timeout", "2.5"]) == 0
    assert main(["verify", "mandala", "--games", "1"]) == 0
    assert calls == [("mandala", {"timeout_ms": 2_500}), ("mandala", {"timeout_ms": 300_000})]
    assert "all checks passed" in capsys.readouterr().out
