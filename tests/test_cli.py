"""The ``rulespec`` command's bench: it runs on a tiny budget, and ``--against openspiel``
says what to install when open_spiel is missing (speed is reported, never asserted)."""

from __future__ import annotations

import sys

import pytest

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
