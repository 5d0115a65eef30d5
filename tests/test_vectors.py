"""Conformance vectors: every game's vectors pass the reference checker, cover every phase
of the game, and the checker catches corrupted vectors (each problem with its line
number) and malformed files (problems, never an exception)."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import rulespec
from rulespec.cli import main
from rulespec.errors import InvalidArgument
from rulespec.host import vectors

FIRST_COLUMNS = [(spec.id, spec.variants(options=False)[0]) for spec in rulespec.GAMES]
SMALL = {"games": 2, "positions": 3, "sample": 4, "illegal": 3}


def _lines(game_id: str, settings: dict[str, object], **options: Any) -> list[str]:
    game = rulespec.game(game_id, **settings)
    return [vectors.dumps(v) for v in vectors.generate(game, **{**SMALL, **options})]


@pytest.fixture(scope="module", params=FIRST_COLUMNS, ids=[g for g, _ in FIRST_COLUMNS])
def made(request: pytest.FixtureRequest) -> list[str]:
    game_id, settings = request.param
    return _lines(game_id, settings)


def test_generated_vectors_pass_the_checker(made: list[str]) -> None:
    assert vectors.check(made) == []


def test_a_file_is_a_header_then_the_vectors_it_announces(made: list[str]) -> None:
    header, *rest = map(json.loads, made)
    game = rulespec.game(header["game"], **header["settings"])
    assert header["type"] == "header"
    assert header["format"] == vectors.FORMAT
    assert header["format_version"] == vectors.FORMAT_VERSION
    assert header["rulespec"] == rulespec.__version__
    assert header["action_ids"] == game.action_ids().digest()
    assert header["vectors"] == len(rest) > 0
    assert {v["type"] for v in rest} == {"vector"}
    # the random positions come from the first `games` games, `positions` each
    random_origins = {
        (v["origin"]["seed"], v["origin"]["step"]) for v in rest if "random" in v["why"]
    }
    assert len(random_origins) == SMALL["games"] * SMALL["positions"]
    for v in rest:
        assert len(v["results"]) == min(len(v["legal"]), SMALL["sample"])
        assert v["sampled"] == (len(v["legal"]) > SMALL["sample"])
        assert [r["id"] for r in v["results"]] == sorted(
            (r["id"] for r in v["results"]), key=[e["id"] for e in v["legal"]].index
        )
        assert (v["outcome"] is not None) == (v["to_act"] == "terminal")
        if v["to_act"] == "chance":
            assert sum(map(Fraction, (e["probability"] for e in v["legal"]))) == 1


def test_the_header_names_every_phase_and_the_vectors_or_the_search_cover_each(
    made: list[str],
) -> None:
    header, *rest = map(json.loads, made)
    seen = {v["phase"] for v in rest}
    assert seen | set(header["phases_not_reached"]) == set(header["phases"])
    assert seen.isdisjoint(header["phases_not_reached"])
    for phase in seen:
        assert any(f"phase:{phase}" in v["why"] for v in rest)


@pytest.mark.parametrize("spec", list(rulespec.GAMES), ids=lambda s: s.id)
def test_every_phase_of_every_game_is_covered_by_some_variant(spec: rulespec.GameSpec) -> None:
    """A phase some variants never reach (White Lotus negotiation without the option) is
    covered by a variant that does; the variants are tried in ``spec.variants()`` order
    until every phase is seen."""
    missing: set[str] | None = None
    for settings in spec.variants():
        game = rulespec.game(spec.id, **settings)
        header = next(vectors.generate(game, games=0, search=3_000))
        not_reached = set(header["phases_not_reached"])
        missing = not_reached if missing is None else missing & not_reached
        if not missing:
            break
    assert missing == set()


def _mutated(lines: list[str], n: int, change: Any) -> list[str]:
    out = list(lines)
    data = json.loads(out[n])
    change(data)
    out[n] = vectors.dumps(data)
    return out


def _first(lines: list[str], want: Any) -> int:
    return next(n for n, line in enumerate(lines) if n and want(json.loads(line)))


def _is_decision(v: dict[str, Any]) -> bool:
    return isinstance(v["to_act"], int)


def _only_line(problems: list[str], n: int) -> None:
    assert problems, "the corruption was not caught"
    assert all(p.startswith(f"line {n + 1}: ") for p in problems), problems


def test_a_flipped_legal_id_is_caught_with_its_line(made: list[str]) -> None:
    n = _first(made, _is_decision)

    def flip(v: dict[str, Any]) -> None:
        v["legal"][0]["id"] += 1

    problems = vectors.check(_mutated(made, n, flip))
    _only_line(problems, n)
    assert any("legal ids differ" in p for p in problems)


def test_an_altered_probability_is_caught_with_its_line(made: list[str]) -> None:
    n = _first(made, lambda v: v["to_act"] == "chance")

    def alter(v: dict[str, Any]) -> None:
        v["legal"][0]["probability"] = "1/1000"

    problems = vectors.check(_mutated(made, n, alter))
    _only_line(problems, n)
    assert any("probability" in p for p in problems)


def test_an_altered_resulting_position_is_caught_with_its_line(made: list[str]) -> None:
    n = _first(made, lambda v: bool(v["results"]))

    def alter(v: dict[str, Any]) -> None:
        position = v["results"][-1]["position"]
        key = next(k for k in position if k not in ("game", "settings"))
        position[key] = "not what rulespec says"

    problems = vectors.check(_mutated(made, n, alter))
    _only_line(problems, n)
    assert any("position differs" in p for p in problems)


@pytest.mark.parametrize(
    ("corrupt", "wanted"),
    [
        (lambda v: v["observations"].reverse(), "observations differs"),
        (lambda v: v["results"][0]["observations"].pop(), "observations differs"),
        (lambda v: v.update(to_act="terminal"), "to_act differs"),
        (lambda v: v["legal"].pop(), "legal ids differ"),
        (lambda v: v["legal"][0].update(action={"type": "nothing"}), "legal[0]"),
        (lambda v: v["results"][0].update(id=-1), "is not one of the legal ids"),
        (lambda v: v["illegal"][0].update(rule="no.such.rule"), "refused by"),
        (lambda v: v["illegal"][0].update(id=v["legal"][0]["id"]), "is legal here"),
        (lambda v: v.update(outcome={"scores": [1]}), "outcome differs"),
        (lambda v: v["position"].update(phase="no such phase"), "does not load"),
        (lambda v: v.update(settings={"players": 99}), "no such game or variant"),
        (lambda v: v.pop("legal"), "no 'legal'"),
        (lambda v: v.update(results=[3]), "results[0] is not an object"),
    ],
)
def test_each_kind_of_corruption_is_caught(made: list[str], corrupt: Any, wanted: str) -> None:
    n = _first(made, lambda v: _is_decision(v) and v["results"] and v["illegal"])
    problems = vectors.check(_mutated(made, n, corrupt))
    _only_line(problems, n)
    assert any(wanted in p for p in problems), problems


def test_a_renumbered_variant_is_caught_by_the_header(made: list[str]) -> None:
    def renumber(h: dict[str, Any]) -> None:
        h["action_ids"] = "0" * 64

    problems = vectors.check(_mutated(made, 0, renumber))
    assert problems == [
        "line 1: the action ids digest differs from rulespec's: the file numbers actions "
        "differently (see the action ids page)"
    ]


def _garbage() -> Iterator[tuple[str, list[str]]]:
    vector = {"type": "vector", "game": "mandala", "settings": {"players": 2}}
    yield "empty", []
    yield "not json", ["{"]
    yield "no header", [json.dumps(vector)]
    yield "a list", ["[]", "[]"]
    yield "deep", ["[" * 100_000]
    yield "odd header", [json.dumps({"type": "header", "format": "x"})]
    yield "future", [json.dumps({"type": "header", "format": vectors.FORMAT, "format_version": 99})]
    yield "no game", [json.dumps({**vector, "type": "header", "format": vectors.FORMAT})]
    for key, value in [
        ("position", None),
        ("position", {"game": "mandala"}),
        ("position", {"game": "lotus", "settings": {}}),
        ("settings", {"players": [2]}),
        ("settings", {"no_such_option": 1}),
        ("game", 3),
    ]:
        yield f"{key}={value!r}", ["{}", json.dumps({**vector, key: value})]


@pytest.mark.parametrize(("name", "lines"), list(_garbage()), ids=[n for n, _ in _garbage()])
def test_a_malformed_file_gives_problems_never_an_exception(name: str, lines: list[str]) -> None:
    problems = vectors.check(lines)
    assert problems
    assert all(p.startswith("line ") for p in problems)


def test_a_malformed_line_inside_a_good_file_is_reported_alone(made: list[str]) -> None:
    lines = [*made[:3], '{"type": "vector", "legal": 3}', *made[3:]]
    problems = vectors.check(lines)
    assert len(problems) == 1
    assert problems[0].startswith("line 4: ")


def test_problems_are_bounded() -> None:
    problems = vectors.check(["nonsense"] * 500, limit=100)
    assert len(problems) == 101
    assert problems[-1] == "... stopped after 100 problems"


@pytest.mark.parametrize(
    "call",
    [
        lambda g: vectors.generate(g, sample=0),
        lambda g: vectors.generate(g, games=-1),
        lambda g: vectors.generate(g, seed=1.5),
        lambda g: vectors.generate(g, positions=True),
        lambda g: vectors.generate("mandala"),
        lambda g: vectors.check([], limit=0),
    ],
)
def test_api_misuse_is_an_invalid_argument_at_once(call: Any) -> None:
    game = rulespec.game("mandala", players=2)
    with pytest.raises(InvalidArgument):
        call(game)


def test_generation_is_deterministic_for_a_seed(tmp_path: Path) -> None:
    game = rulespec.game("mandala", players=3)
    a, b, c = tmp_path / "a.jsonl", tmp_path / "b.jsonl", tmp_path / "c.jsonl"
    assert vectors.write(game, a, seed=7, **SMALL) == vectors.write(game, b, seed=7, **SMALL)
    assert a.read_bytes() == b.read_bytes()
    vectors.write(game, c, seed=8, **SMALL)
    assert c.read_bytes() != a.read_bytes()


def test_the_cli_writes_and_checks_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "v.jsonl"
    argv = ["vectors", "mandala", "--players", "2", "--games", "1", "--out", str(out)]
    assert main(argv) == 0
    first = out.read_bytes()
    assert main(argv) == 0
    assert out.read_bytes() == first  # byte-identical for the same seed
    capsys.readouterr()
    assert main(["vectors", "--check", str(out)]) == 0
    assert "all agree with rulespec" in capsys.readouterr().out
    header = json.loads(first.splitlines()[0])
    assert header["settings"]["players"] == 2
    assert header["games"] == 1

    lines = first.decode().splitlines()
    broken = _mutated(lines, 2, lambda v: v["legal"].reverse())
    out.write_text("\n".join(broken) + "\n", encoding="utf-8")
    assert main(["vectors", "--check", str(out)]) == 1
    printed = capsys.readouterr().out.splitlines()
    assert printed[0].startswith("line 3: legal ids differ")
    assert "1 problem(s)" in printed[-1]


def test_the_cli_bounds_its_problems_and_reports_unreadable_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text("x\n" * 300, encoding="utf-8")
    assert main(["vectors", "--check", str(bad)]) == 1
    printed = capsys.readouterr().out.splitlines()
    assert len(printed) == 102  # 100 problems, the stop notice, the verdict
    assert main(["vectors", "--check", str(tmp_path / "missing.jsonl")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_the_cli_refuses_a_game_with_check_and_bad_options(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main(["vectors", "mandala", "--check", str(tmp_path / "x")])
    with pytest.raises(SystemExit):
        main(["vectors"])
    assert main(["vectors", "mandala", "--players", "2", "--sample", "0"]) == 2
    assert "sample" in capsys.readouterr().err


def test_vectors_leave_the_reader_free_to_deep_copy(made: list[str]) -> None:
    """Dicts given to check() are read, never changed."""
    data = [json.loads(line) for line in made]
    before = copy.deepcopy(data)
    assert vectors.check(data) == []
    assert data == before
