"""The JSON Schemas derived from the types (``game.json_schema()``) are valid draft 2020-12
schemas, and every position, action and observation of the golden playthroughs' games
conforms: the published formats and the code cannot drift apart."""

from __future__ import annotations

import ast
import functools
import inspect
import json
import random
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulespec
from rulespec.castle import position as castle_position
from rulespec.castle.short import is_short
from rulespec.core.game import schema_of
from rulespec.errors import InvalidArgument
from rulespec.host import playthrough
from tests.castle import test_short_position

from .test_playthroughs import DIRECTORY

CASES = playthrough.cases()
OBSERVE_EVERY = 10
"""Observations (one per seat) are checked at every tenth step; positions at every step."""


@pytest.mark.parametrize("case", CASES, ids=[c.name.removesuffix(".txt") for c in CASES])
def test_every_position_action_and_observation_of_a_playthrough_fits_its_schema(
    case: playthrough.Case,
) -> None:
    game = playthrough.build(case)
    validators = {}
    for of in ("position", "action", "observation"):
        schema = game.json_schema(of)
        jsonschema.Draft202012Validator.check_schema(schema)
        validators[of] = jsonschema.Draft202012Validator(schema)
    seed = playthrough.recorded_seed(DIRECTORY / case.name)
    rng = random.Random(seed)
    state: Any = game.initial_state()
    step = 0
    while True:
        validators["position"].validate(state.to_json())
        if step % OBSERVE_EVERY == 0 or state.is_terminal:
            for seat in range(game.players):
                validators["observation"].validate(state.observation(seat).to_json())
        if state.is_terminal:
            break
        action = state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions())
        validators["action"].validate(action.to_json())
        state = state.apply(action)
        step += 1


@pytest.mark.parametrize("spec", list(rulespec.GAMES), ids=lambda s: s.id)
def test_the_schema_for_every_variant_is_valid_and_rejects_what_loading_rejects(spec: Any) -> None:
    game_type = type(rulespec.game(spec.id, **spec.variants()[0]))
    for of in ("position", "action", "observation", *(x.kind for x in game_type.schemas)):
        every_variant = schema_of(game_type.codec, game_type, of, None)
        jsonschema.Draft202012Validator.check_schema(every_variant)
    game = rulespec.game(spec.id, **spec.variants()[0])
    position = game.new_game(seed=1).to_json()
    validator = jsonschema.Draft202012Validator(game.json_schema())
    assert not list(validator.iter_errors(position))
    broken_ones = (
        {**position, "seat": 99},
        {**position, "no_such_key": 1},
        {**position, "game": "x"},
    )
    for broken in broken_ones:
        assert list(validator.iter_errors(broken))
        with pytest.raises(rulespec.MalformedPosition):
            game.state_from_json(broken)


# --- the White Castle's short positions (found after issue 22) ------------------------------

DOCS = Path(__file__).resolve().parent.parent / "docs"
CASTLE_VARIANTS: tuple[dict[str, Any], ...] = rulespec.spec("castle").variants(options=False)
"""Every column of the White Castle's variant table (each player count, each solo
difficulty), with the default options."""


@functools.cache
def _validators(**settings: Any) -> tuple[jsonschema.Draft202012Validator, ...]:
    """The short form's schema for the variant of ``settings``, and for every variant."""
    game = rulespec.game("castle", **settings)
    every = schema_of(type(game).codec, type(game), "short_position", None)
    return tuple(
        jsonschema.Draft202012Validator(schema)
        for schema in (game.json_schema("short_position"), every)
    )


def _errors(settings: dict[str, Any], data: Any) -> list[str]:
    return [e.message for v in _validators(**settings) for e in v.iter_errors(data)]


def _loads(settings: dict[str, Any], data: Any) -> list[str]:
    """The loader's problems with ``data`` (empty: it loads)."""
    try:
        rulespec.game("castle", **settings).state_from_json(data)
    except rulespec.MalformedPosition as bad:
        return list(bad.problems)
    return []


def _doctest_sources(path: Path) -> list[tuple[int, str]]:
    """Each doctest example of ``path``: its first line and its source."""
    out: list[tuple[int, str]] = []
    source: list[str] = []
    start = 0
    for n, line in enumerate([*path.read_text(encoding="utf-8").splitlines(), ""], 1):
        text = line.strip()
        if text.startswith(">>> "):
            if source:
                out.append((start, "\n".join(source)))
            source, start = [text[4:]], n
        elif source and (text.startswith("... ") or text == "..."):
            source.append(text[4:])
        elif source:
            out.append((start, "\n".join(source)))
            source = []
    return out


def doc_short_positions() -> list[tuple[str, dict[str, Any]]]:
    """Every short White Castle position the docs' doctests pass to ``state_from_json``."""
    found: list[tuple[str, dict[str, Any]]] = []
    for path in sorted(DOCS.rglob("*.rst")):
        for line, source in _doctest_sources(path):
            try:
                tree = ast.parse(source)
            except SyntaxError:
                continue  # a statement that continues (for ...:) is parsed whole
            for node in ast.walk(tree):
                if (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "state_from_json"
                    and node.args
                    and isinstance(node.args[0], ast.Dict)
                ):
                    try:
                        data = ast.literal_eval(node.args[0])
                    except ValueError:
                        continue  # built from names: no literal position
                    if data.get("game") == "castle" and is_short(data):
                        found.append((f"{path.relative_to(DOCS)}:{line}", data))
    return found


def test_every_short_castle_position_of_the_docs_fits_the_short_schema() -> None:
    found = doc_short_positions()
    assert len(found) >= 7, found  # formats.rst (5), games/castle.rst and repl.rst
    loaded = 0
    for where, data in found:
        settings = data.get("settings", {})
        problems = _loads(settings, data)
        errors = _errors(settings, data)
        if not problems:
            loaded += 1
            assert not errors, (where, errors)
        elif errors:  # the schema refuses only what the loader refuses too
            assert problems, where
    assert loaded >= 5


@pytest.mark.parametrize(
    ("match", "fields"),
    test_short_position.REFUSALS,
    ids=[m[:40] for m, _ in test_short_position.REFUSALS],
)
def test_a_short_position_the_loader_refuses_as_malformed_the_schema_refuses_too(
    match: str, fields: dict[str, Any]
) -> None:
    # the test file's refusals: a problem of form (no rule named) is the schema's to
    # find too; one of the rules (a turn that does not fit the dice) only the loader sees
    data = {**test_short_position.HEADER, **fields}
    settings = data["settings"]
    problems = _loads(settings, data)
    assert problems
    errors = _errors(settings, data)
    if all("castle." not in p for p in problems):
        assert errors, problems


def test_every_short_position_the_short_position_tests_load_fits_the_short_schema(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # run the test file's tests that load positions, each position checked as it loads
    seen: list[dict[str, Any]] = []
    original = test_short_position.load

    def checked_load(players: int = 2, **fields: Any) -> Any:
        state = original(players, **fields)
        data = {"game": "castle", "settings": {"players": players}, **fields}
        assert not _errors({"players": players}, data), data
        seen.append(data)
        return state

    monkeypatch.setattr(test_short_position, "load", checked_load)
    tests = [
        f
        for name, f in vars(test_short_position).items()
        if name.startswith("test_")
        and not hasattr(f, "hypothesis")  # positions of random play: checked below
        and not inspect.signature(f).parameters  # the refusals: checked above
    ]
    for test in tests:
        test()
    assert len(seen) >= 10, len(seen)


@settings(max_examples=10)
@given(variant=st.sampled_from(CASTLE_VARIANTS), seed=st.integers(0, 2**32 - 1))
def test_the_short_form_written_of_random_play_fits_the_short_schema(
    variant: dict[str, Any], seed: int
) -> None:
    game = rulespec.game("castle", **variant)
    rng = random.Random(seed)
    state: Any = game.new_game(seed=seed)
    written = 0
    while True:
        try:
            data = json.loads(json.dumps(castle_position.short(state)))
        except InvalidArgument:  # setup, the picks, the rival's turn: no short form
            pass
        else:
            assert not _errors(variant, data), (variant, seed, state.step, data)
            written += 1
        if state.is_terminal:
            break
        state = rulespec.random_step(state, rng)
    assert written > 20  # a solo game written from its first turn: 30-50 short forms


@pytest.mark.parametrize("variant", [{"players": 2}, {"players": 1, "difficulty": "hard"}])
def test_the_engine_and_the_short_form_are_told_apart_by_their_schemas(
    variant: dict[str, Any],
) -> None:
    game = rulespec.game("castle", **variant)
    state: Any = game.new_game(seed=3)
    rng = random.Random(3)
    while state.stage.value != "turn" or state.phase.value != "take":
        state = rulespec.random_step(state, rng)
    engine = jsonschema.Draft202012Validator(game.json_schema("position"))
    short = jsonschema.Draft202012Validator(game.json_schema("short_position"))
    full, brief = state.to_json(), castle_position.short(state)
    assert engine.is_valid(full)
    assert not short.is_valid(full)
    assert short.is_valid(brief)
    assert not engine.is_valid(brief)
