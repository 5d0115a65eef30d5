"""The ``rulespec`` command: bench runs on a tiny budget and ``--against openspiel`` says
what to install when open_spiel is missing (speed is reported, never asserted); ``play``
logs replay from their notation column; ``render`` writes pictures; and (issue 8, "The
CLI") ``python -m rulespec``, ``--version``, help listing the games and their settings,
settings as ``--players 3`` or ``--players=3``, unknown options with the closest name,
errors in command-line syntax, exit status 2 for every usage error, and ``explain`` given
a game id. ``verify`` has its own file, tests/test_verify.py."""

from __future__ import annotations

import contextlib
import importlib
import inspect
import io
import random
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import rulespec
from rulespec import cli_settings
from rulespec.catalog import game_type
from rulespec.cli import main
from rulespec.host import resample_bench, view_bench


def test_bench_runs_on_a_tiny_budget(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "mandala", "--seconds", "0.001"]) == 0
    out = capsys.readouterr().out
    assert "us/step" in out
    assert "players=2" in out


def test_the_resampling_bench_prints_a_line_per_column(capsys: pytest.CaptureFixture[str]) -> None:
    """``rulespec bench --adapters`` ends its OpenSpiel part with this table: per column,
    µs per resample beside a raw step, and how many draws changed the state (none in
    The White Castle, whose book cards hide nothing a resample could change)."""
    resample_bench.report(["castle"], 0.003, calls=2)
    lines = capsys.readouterr().out.splitlines()
    columns = rulespec.spec("castle").variants(options=False)
    assert len(lines) == len(columns) + 2
    for line in lines[1:-1]:
        assert line.startswith("castle")
        assert line.split()[-1] == "0/12"


def test_the_views_bench_prints_a_line_per_column(capsys: pytest.CaptureFixture[str]) -> None:
    """``rulespec bench --views``: per column, a raw step and each view as µs and as a
    multiple of the step (issue 30)."""
    view_bench.report(["castle"], games=1)
    out = capsys.readouterr().out.splitlines()
    rows = [line for line in out if line.startswith("castle")]
    assert len(rows) == len(rulespec.spec("castle").variants(options=False))
    assert all(line.count("x)") >= 4 for line in rows)
    assert out[0].split()[:3] == ["game", "variant", "step"]


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
    game = rulespec.game(argv[0], **cli_settings.parse(argv[0], argv[1:]))
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


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int | str | None, str, str]:
    """The exit status, standard output and standard error of ``rulespec argv``."""
    try:
        code: int | str | None = main(argv)
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def test_python_dash_m_rulespec_and_version() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "rulespec", "--version"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0
    assert done.stdout.strip() == f"rulespec {rulespec.__version__}"


def test_help_lists_the_games(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["--help"], capsys)
    assert code == 0
    for spec in rulespec.GAMES:
        assert f"  {spec.id:<9} {spec.title}, {spec.players[0]}–{spec.players[1]} players" in out


@pytest.mark.parametrize("command", ["play", "simulate", "vectors"])
def test_help_lists_every_setting_of_every_game_from_its_variant_table(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run([command, "--help"], capsys)
    assert code == 0
    for spec in rulespec.GAMES:
        table = spec.table()
        assert f"  {spec.id}: {spec.title}" in out
        for axis in table.axes:
            assert f"--{axis.replace('_', '-')} {{" in out
        for o in table.options:
            assert f"--{o.key.replace('_', '-')} {{{','.join(map(str, o.values))}}}" in out
            assert f"default {o.default}: {o.title.split()[0]}" in out


def test_help_says_what_the_keywords_beyond_the_table_mean() -> None:
    """Every keyword a game's ``make`` takes beyond its variant table has a title for help."""
    for spec in rulespec.GAMES:
        beyond = [s for s in cli_settings.settings_of(spec.id) if s.name not in spec.table().axes]
        beyond = [s for s in beyond if s.name not in {o.key for o in spec.table().options}]
        assert all(s.title for s in beyond), [s.name for s in beyond if not s.title]


@pytest.mark.parametrize("command", ["play", "render", "simulate", "vectors"])
def test_help_offers_only_what_a_command_line_can_pass(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 34: ``play --help`` offered "or a board object" and "or a data object". What
    only Python can pass stays out of the help (``Setting.beyond_cli``, for the docs), and
    every choice the help lists is read by the command line."""
    code, out, _ = run([command, "--help"], capsys)
    assert code == 0
    assert " object" not in out
    for spec in rulespec.GAMES:
        for setting in game_type(spec.id).extra:
            if setting.beyond_cli:
                assert setting.beyond_cli not in out
        for setting in cli_settings.settings_of(spec.id):
            for choice in setting.choices or ():
                assert setting.read(str(choice)) == choice


def test_settings_beyond_the_variant_table_are_the_games_declared_records() -> None:
    """Issue 21 §3: a setting beyond the variant table is declared once, as a record of
    the game's class (``extra``); the command line offers exactly those (names, choices,
    defaults, titles), and no game module keeps the old conventions the command line
    looked up by name, nor overrides ``make``/``settings`` to parse one by hand."""
    assert "getattr(" not in inspect.getsource(cli_settings)
    for spec in rulespec.GAMES:
        module = importlib.import_module(f"rulespec.{spec.id}.game")
        cls = game_type(spec.id)
        for convention in ("OPTIONAL_AXES", "SETTING_TITLES", "make"):
            assert not hasattr(module, convention), (spec.id, convention)
        assert "make" not in vars(cls), spec.id
        assert "settings" not in vars(cls), spec.id
        table = spec.table()
        offered = cli_settings.settings_of(spec.id)
        beyond = [
            s for s in offered if s.name not in {*table.axes, *(o.key for o in table.options)}
        ]
        declared = [(s.name, s.choices, s.default, s.title) for s in cls.extra]
        assert [(s.name, s.choices, s.default, s.title) for s in beyond] == declared
        assert all(s.title for s in cls.extra)


@pytest.mark.parametrize("game_id", [s.id for s in rulespec.GAMES])
def test_the_declared_settings_are_written_back_so_a_game_rebuilds(game_id: str) -> None:
    """What ``make`` reads from a declared setting, ``settings()`` writes back (the shipped
    default by its name), so records and sessions rebuild the same game."""
    made = rulespec.game(game_id, **rulespec.spec(game_id).variants()[0])
    written = made.settings()
    for s in type(made).extra:
        assert written[s.name] == s.default
    assert rulespec.game(game_id, **written) == made
    assert list(written)[: len(rulespec.spec(game_id).table().axes)] == list(
        rulespec.spec(game_id).table().axes
    )


def test_the_binding_of_a_game_class_is_written_once() -> None:
    """Issue 21 §3: no game's ``game.py`` binds its functions by hand; the one binding
    (:class:`rulespec.core.game.Parts`) gives every class its modules' functions."""
    for spec in rulespec.GAMES:
        module = importlib.import_module(f"rulespec.{spec.id}.game")
        assert "staticmethod(" not in inspect.getsource(module), spec.id
        notation = importlib.import_module(f"rulespec.{spec.id}.notation")
        cls = game_type(spec.id)
        assert cls.notate is notation.format
        assert cls.denote is notation.parse
        assert cls.spec is module.SPEC
        assert cls.steps is cls.table.steps


@pytest.mark.parametrize(
    ("game_id", "settings", "near"),
    [
        ("mandala", {"player": 3}, "players"),
        ("lotus", {"edition": "de", "players": 3, "bord": "schematic"}, "board"),
        ("castle", {"players": 2, "dificulty": "none"}, "difficulty"),
        ("oriente", {"players": 5, "first_stones": 1}, "first_stone"),
    ],
)
def test_a_misspelt_setting_in_the_api_gets_the_did_you_mean_the_cli_gives(
    game_id: str, settings: dict[str, object], near: str
) -> None:
    """Issue 22: ``rulespec.game("mandala", player=3)`` is a misspelt setting, not a missing
    one: the message suggests the closest setting, as ``--player`` does on the command line."""
    with pytest.raises(rulespec.UnknownVariant) as caught:
        rulespec.game(game_id, **settings)
    assert f"(did you mean {near}=?)" in str(caught.value)
    assert "needs" not in str(caught.value)


def test_a_solo_castle_asks_for_a_difficulty_without_none(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 22: ``--players 1`` needs a difficulty, in command-line syntax, offering only
    the values the variant table's solo columns have (``none`` is no solo variant)."""
    code, _, err = run(["play", "castle", "--players", "1"], capsys)
    said = err.split("error: ", 1)[1]
    columns = [dict(c.axes) for c in rulespec.spec("castle").table().columns]
    solo = [c["difficulty"] for c in columns if c["players"] == 1]
    assert code == 2
    assert f"castle needs --difficulty {{{','.join(solo)}}}" in said
    assert "none" not in said
    assert "difficulty=" not in said


def test_player_counts_are_offered_in_ascending_order(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 22: the castle table lists its solo columns last, but a player reads the counts
    1-4 in order, in the help and in the refusal of a count no variant has."""
    code, _, err = run(["play", "castle", "--players", "9"], capsys)
    assert code == 2
    assert "(choose from 1, 2, 3, 4)" in err
    _, out, _ = run(["play", "--help"], capsys)
    assert "--players {1,2,3,4}" in out


def test_the_api_says_what_an_axis_may_be_given_the_others() -> None:
    """Issue 22: ``rulespec.game("castle", players=1, difficulty="none")`` says what the
    command line says: with one player, the difficulty is easy, medium or hard."""
    with pytest.raises(rulespec.UnknownVariant) as caught:
        rulespec.game("castle", players=1, difficulty="none")
    said = str(caught.value)
    assert 'with players=1, difficulty is one of "easy", "medium", "hard"' in said
    assert 'with difficulty="none", players is one of 2, 3, 4' in said


def test_help_says_what_an_axis_the_others_settle_does(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 22: ``--difficulty`` is "none" with 2-4 players and needed with one, as the
    table's columns say, not "default None"."""
    code, out, _ = run(["play", "--help"], capsys)
    castle = " ".join(out.split("  castle:", 1)[1].split("  lotus:", 1)[0].split())
    assert code == 0
    assert "default None" not in castle
    assert "--difficulty {none,easy,medium,hard} none with --players 2–4; required with " in castle
    assert "required with --players 1" in castle


def test_a_setting_is_read_from_name_value_or_name_equals_value(
    capsys: pytest.CaptureFixture[str],
) -> None:
    spaced = run(["play", "mandala", "--players", "3", "--seed", "2"], capsys)
    joined = run(["play", "mandala", "--players=3", "--seed=2"], capsys)
    underscored = run(["play", "mandala", "--final_mandalas", "two_others", "--players=3"], capsys)
    assert spaced[0] == joined[0] == underscored[0] == 0
    assert spaced[1] == joined[1]
    header = (
        "Mandala, players=3 final_mandalas={} no_tiles=at_once reshuffle=when_needed, seed {}\n"
    )
    assert spaced[1].startswith(header.format("all", 2))
    assert underscored[1].startswith(header.format("two_others", 1))


def test_settings_come_from_the_variant_table_and_make() -> None:
    found = {s.name: s for s in cli_settings.settings_of("lotus")}
    table = rulespec.spec("lotus").table()
    assert [n for n in found if found[n].required] == list(table.axes)
    assert found["players"].choices == (3, 4, 5, 6)
    assert {o.key for o in table.options} <= set(found)
    assert found["board"].choices == ("schematic",)
    assert found["board"].default == "schematic"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "lotus", "--player", "3"], "unknown option --player (did you mean --players?)"),
        (
            ["play", "mandala", "--players=2", "--final-mandala", "all"],
            "unknown option --final-mandala (did you mean --final-mandalas?)",
        ),
        (["play", "mandala", "--players", "2", "--sed", "3"], "(did you mean --seed?)"),
        (["verify", "--game", "3"], "unknown option --game (did you mean --games?)"),
        (["rules", "mandala", "--players", "2"], "unknown option --players"),
        (["play", "lotus", "--edition", "de"], "lotus needs --players {3,4,5,6}"),
        (["play", "lotus", "--players", "3"], "lotus needs --edition {de,fr}"),
        (
            ["play", "lotus", "--edition", "en", "--players", "3"],
            "argument --edition: invalid choice: 'en' (choose from de, fr)",
        ),
        (["play", "mandala", "--players", "5"], "invalid choice: '5' (choose from 2, 3, 4)"),
        (["play", "castle"], "castle needs --players {1,2,3,4}"),
        (["play", "castle", "--players", "1"], "castle needs --difficulty {easy,medium,hard}"),
        (
            ["play", "castle", "--players", "2", "--difficulty", "easy"],
            "castle has no variant --players 2 --difficulty easy: with --players 2, give "
            "--difficulty {none}",
        ),
        (["play", "castle", "--players", "2", "--data", "x"], "--data: invalid choice: 'x'"),
        (["play", "mandala", "--players"], "argument --players: expected one value"),
        (["play", "mandala", "--players", "2", "--players=3"], "--players: given twice"),
        (["play", "lotus", "--edition=de", "--players=3", "--board", "x"], "--board: invalid"),
        (["play", "mandal"], "unknown game 'mandal' (did you mean mandala?)"),
        (["simulate", "mandala", "--player", "2"], "(did you mean --players?)"),
        (["vectors", "mandala", "--player", "2"], "(did you mean --players?)"),
        (["vectors"], "vectors needs a game id (or --check FILE)"),
        (["vectors", "--check", "x.jsonl", "mandala"], "takes no game"),
        (["verify", "--games", "x"], "argument --games: invalid int value: 'x'"),
        (["bench", "--seconds"], "expected one argument"),
        (["explain", "lotus"], "lotus is a game, not a rule"),
        (["explain", "mandala.draw"], "mandala.draw is a group of"),
        (["frobnicate"], "invalid choice: 'frobnicate'"),
        ([], "the following arguments are required"),
    ],
)
def test_every_usage_error_exits_2_in_command_line_syntax(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(argv, capsys)
    assert code == 2
    assert message in err
    assert "usage: " in err
    assert "='" not in err.split("error: ", 1)[1]  # --edition de, never edition='de'


def test_explain_a_game_id_says_what_to_ask_instead(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["explain", "mandala"], capsys)
    assert code == 2
    first = rulespec.rules("mandala")[0].id
    assert "`rulespec rules mandala` lists its rules and rulings" in err
    assert f"`rulespec explain {first}`" in err
    code, out, _ = run(["explain", first], capsys)
    assert code == 0
    assert out.startswith(f"{first} (")


def _listed(out: str) -> list[str]:
    """The rule ids a listing prints (each entry opens unindented with the id)."""
    return [line.split()[0] for line in out.splitlines() if line and not line.startswith(" ")]


@pytest.mark.parametrize("spec", list(rulespec.GAMES), ids=rulespec.GAMES.ids)
def test_rulings_lists_what_the_repls_rulings_does(
    spec: rulespec.GameSpec, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 34: ``rulespec rulings castle`` was an invalid choice; it lists the same
    entries as ``rulespec.rulings("castle")``, in order, each with what rulespec does."""
    code, out, _ = run(["rulings", spec.id], capsys)
    assert code == 0
    assert _listed(out) == [r.id for r in rulespec.rulings(spec.id)]
    assert out.count("rulespec does: ") == len(rulespec.rulings(spec.id))


@pytest.mark.parametrize(
    ("argv", "words", "game"),
    [
        (["search", "max", "markers"], "max markers", None),
        (["search", "tie", "--game", "mandala"], "tie", "mandala"),
        (["search", "--game=castle", "rival"], "rival", "castle"),
    ],
)
def test_search_finds_what_the_repls_search_finds(
    argv: list[str], words: str, game: str | None, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(argv, capsys)
    assert code == 0
    found = [r.id for r in rulespec.search(words, game=game)]
    assert found
    assert _listed(out) == found
    assert f"{len(found)} found" in err


def test_search_without_a_match_exits_1_and_a_bad_game_exits_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(["search", "zzqqx"], capsys)
    assert (code, out) == (1, "")
    assert "no rule matches 'zzqqx'" in err
    code, _, err = run(["search", "tie", "--game", "mandaal"], capsys)
    assert code == 2
    assert "did you mean mandala?" in err
    code, _, err = run(["search"], capsys)
    assert code == 2


@pytest.mark.rule("mandala.winner.shared")
def test_explain_example_shows_seeded_play_or_a_position_written_by_hand(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(["explain", "mandala.draw.reshuffle", "--example"], capsys)
    assert code == 0
    assert "At work in seeded play" in out
    assert "random steps" in out
    assert "written by hand" not in out
    code, out, _ = run(["explain", "mandala.winner.shared", "--example"], capsys)
    assert code == 0
    assert "from a position written by hand (see the rule's tests)" in out
    assert "final scoring: scores [12, 12]" in out


@pytest.mark.parametrize("name", ["out.png", "out.svg.txt", "picture"])
def test_render_refuses_an_output_name_that_is_not_svg_or_html(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The picture is SVG: ``-o out.png`` would write SVG text into a file named PNG (issue
    22), so any name but ``.svg`` or ``.html`` is a usage error and nothing is written."""
    code, _, err = run(["render", "oriente", "--players", "5", "-o", str(tmp_path / name)], capsys)
    assert code == 2
    assert ".svg" in err
    assert not (tmp_path / name).exists()


def test_vectors_help_documents_every_option(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["vectors", "--help"], capsys)
    assert code == 0
    for flag in ("--check", "--seed", "--games", "--positions", "--sample", "--out"):
        assert f"  {flag} " in out or f"  {flag}\n" in out, flag


def test_vectors_options_count_before_or_after_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--games", "1", "--positions", "1", "--sample", "1", "--seed", "4"]
    after = run(["vectors", "mandala", "--players", "2", *argv], capsys)
    before = run(["vectors", *argv, "mandala", "--players", "2"], capsys)
    assert after[0] == before[0] == 0
    assert after[1] == before[1]
    assert '"seed":4' in after[1]


def test_verify_help_is_plain_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["verify", "--help"], capsys)
    assert code == 0
    assert "``" not in out
    assert "rulespec verify, the main job" in out


def test_playout_without_a_generator_is_seeded() -> None:
    state = rulespec.game("mandala", players=2).new_game(seed=3)
    first, steps = rulespec.playout(state)
    again, _ = rulespec.playout(state)
    assert first.is_terminal
    assert steps > 0
    assert first == again


@pytest.mark.parametrize("seed", ["-1", str(2**63), "1.5", "x", "1" * 5000])
def test_a_seed_out_of_the_seed_range_is_a_usage_error(
    seed: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 19 (r01, r14): one seed type and range everywhere, 0 to 2**63 - 1."""
    code, _, err = run(["play", "mandala", "--players", "2", f"--seed={seed}"], capsys)
    assert code == 2
    assert "--seed" in err
    assert len(err) < 2000


def test_the_largest_seed_plays(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["play", "mandala", "--players", "2", f"--seed={2**63 - 1}"], capsys)
    assert code == 0
    assert f"seed {2**63 - 1}" in out


def _transcripts() -> list[tuple[str, list[str]]]:
    """Each ``$ rulespec play|explain …`` command shown in the docs' text blocks, with the
    lines printed under it."""
    found: list[tuple[str, list[str]]] = []
    docs = Path(__file__).resolve().parent.parent / "docs"
    for page in sorted(docs.rglob("*.rst")):
        for line in page.read_text(encoding="utf-8").splitlines():
            text = line.strip()
            if text.startswith("$ rulespec "):
                found.append((text[2:], []))
            elif found and line.startswith("   ") and text and not text.startswith(".. "):
                found[-1][1].append(text)
            elif found and not line.startswith(" ") and text:
                found.append(("", []))  # prose: the block is over
    return [(c, out) for c, out in found if c.split()[1:2] in (["play"], ["explain"])]


@pytest.mark.parametrize(("command", "shown"), _transcripts(), ids=lambda v: str(v)[:40])
def test_the_command_lines_the_docs_show_print_what_they_show(
    command: str, shown: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 22: a log excerpt in the docs is the command's real output, each run of lines
    between ``...`` in one piece (a line ending in ``...`` stands for its beginning)."""
    _, out, err = run(command.split()[1:], capsys)
    printed = [line.rstrip() for line in (out + err).splitlines()]
    runs: list[list[str]] = [[]]
    for line in shown:
        if line == "...":
            runs.append([])
        else:
            runs[-1].append(line)
    for lines in filter(None, runs):
        starts = [
            i
            for i in range(len(printed) - len(lines) + 1)
            if all(
                printed[i + k].startswith(want[:-3])
                if want.endswith("...")
                else printed[i + k] == want
                for k, want in enumerate(lines)
            )
        ]
        assert starts, f"{command}: not printed in one piece:\n" + "\n".join(lines)


def test_play_against_a_bot_at_the_keyboard(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``rulespec play castle --players 2 --bot 1=search:20``: seat 0 reads numbers or
    notation from the keyboard, a wrong line is answered and asked again, ``q`` stops."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\nzz\n1\nq\n"))
    assert main(["play", "castle", "--players", "2", "--bot", "1=search:20"]) == 1
    out = capsys.readouterr().out
    assert "seat 1: search:20" in out
    assert "seat 0 sees: {" in out
    assert "malformed notation" in out
    assert "stopped at step" in out


def test_play_between_bots_logs_the_game_to_its_end(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "mandala", "--players", "2", "--bot", "all=greedy", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "seat 0: greedy, seat 1: greedy" in out
    assert "final scores:" in out


def test_play_hides_a_bots_secret_choice_from_the_human(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """White Lotus: the human at seat 0 is told only that a bot made its secret bid."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 60))
    argv = ["play", "lotus", "--players", "3", "--edition", "de", "--bot", "1=random"]
    assert main([*argv, "--bot", "2=random"]) == 1
    assert "makes its secret choice" in capsys.readouterr().out


@pytest.mark.parametrize("bot", ["3=greedy", "1:greedy", "1=minimax", "x=random"])
def test_a_wrong_bot_is_a_message_and_status_2(
    bot: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", "castle", "--players", "2", "--bot", bot]) == 2
    assert f"--bot {bot}" in capsys.readouterr().err


def test_simulate_with_a_computer_player(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "castle", "--players", "2", "--games", "2", "--bot", "greedy"]) == 0
    assert "rule coverage" in capsys.readouterr().out
    assert main(["simulate", "castle", "--players", "2", "--games", "1", "--bot", "best"]) == 2
    assert "no player 'best'" in capsys.readouterr().err
