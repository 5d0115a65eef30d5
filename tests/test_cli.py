"""The ``rulespec`` command's bench: it runs on a tiny budget, and ``--against openspiel``
says what to install when open_spiel is missing (speed is reported, never asserted);
``verify --timeout`` reaches the proofs; ``play`` logs replay from their notation column;
``render`` writes pictures."""

from __future__ import annotations

import contextlib
import io
import random
import sys
import types
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import rulespec
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


@pytest.mark.parametrize(
    "argv",
    [["mandala", "--players", "2"], ["lotus", "--edition", "de", "--players", "3"]],
    ids=["mandala", "lotus"],
)
def test_the_notation_column_of_a_play_log_replays_the_game(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """``rulespec play`` writes the setup's chance outcomes and then each action's notation
    in the left column: read back in order, they lead to the game's final position."""
    assert main(["play", *argv, "--seed", "4"]) == 0
    lines = capsys.readouterr().out.splitlines()
    title = lines[0].split(",")[0]
    game = rulespec.game(argv[0], **cli._parse_settings(argv[1:]))
    setup = next(line for line in lines if line.startswith("setup: "))
    moves = setup.removeprefix("setup: ").split()
    moves += [
        line.split()[0]
        for line in lines[1:]
        if line[:1] not in (" ", "") and not line.startswith((title, "setup: "))
    ]
    state = game.initial_state()
    for text in moves:
        state = state.apply(text)
    assert state.is_terminal
    assert str(state) in "\n".join(lines)


def test_render_writes_an_svg_or_an_html_page(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "lotus.svg"
    argv = ["render", "lotus", "--edition", "fr", "--players", "6", "--seed", "3"]
    assert main([*argv, "--steps", "40", "-o", str(out)]) == 0
    root = ET.fromstring(out.read_text(encoding="utf-8"))
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert "after 40 steps" in capsys.readouterr().err
    page = tmp_path / "seat.html"
    assert main([*argv, "--seat", "2", "--out", str(page)]) == 0
    assert "what seat 2 sees" in page.read_text(encoding="utf-8")
    assert page.read_text(encoding="utf-8").startswith("<!doctype html>")
    assert main(["render", "mandala", "--players", "2", "--steps", "10"]) == 0
    ET.fromstring(capsys.readouterr().out)  # standard output when no file is named


def test_render_reproduces_the_seeded_game() -> None:
    """The same seed and steps give the position ``random_step`` reaches from
    ``game.new_game(seed)`` with that game's generator."""
    game = rulespec.game("mandala", players=3)
    rng = random.Random(5)
    state = game.new_game(rng=rng)
    for _ in range(25):
        state = rulespec.random_step(state, rng)
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        assert main(["render", "mandala", "--players", "3", "--seed", "5", "--steps", "25"]) == 0
    assert buffer.getvalue() == game.svg(state)


def test_render_errors_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["render", "mandala", "--players", "3", "--seat", "7"]) == 2
    assert "expected a seat" in capsys.readouterr().err
    missing = tmp_path / "no" / "such" / "dir.svg"
    assert main(["render", "mandala", "--players", "3", "-o", str(missing)]) == 2
    assert "cannot write" in capsys.readouterr().err
