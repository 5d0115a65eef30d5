"""The short action notation (docs/notation.rst): every legal action and chance outcome of
every golden playthrough, and every numbered action of every variant, is written and read
back to itself; ``apply`` and ``explain`` take the text; malformed text is a
:class:`~rulespec.MalformedNotation` that says what was wrong."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rulespec
from rulespec import InvalidArgument, MalformedAction, MalformedNotation
from rulespec.lotus import board as boards
from rulespec.lotus.actions import ChooseConflict, PlaceChip, PlaceMarker, TakeArea
from rulespec.lotus.notation import area_text

SETTINGS: dict[str, dict[str, object]] = {
    "mandala": {"players": 3},
    "lotus": {"edition": "de", "players": 3},
    "oriente": {"players": 4},
    "castle": {"players": 2},
}
PLAYTHROUGHS = sorted((Path(__file__).parent / "playthroughs").glob("*.txt"))


def _replay(path: Path) -> tuple[Any, list[dict[str, Any]]]:
    """The game of a playthrough file and the JSON of every action it applies."""
    game_id = settings = None
    applied = []
    with path.open(encoding="utf-8") as f:
        for line in f:
            if line.startswith("game: "):
                game_id = line.removeprefix("game: ").strip()
            elif line.startswith("settings: "):
                settings = json.loads(line.removeprefix("settings: "))
            elif line.startswith("apply: "):
                applied.append(json.loads(line.removeprefix("apply: ").split("  # ")[0]))
    assert game_id is not None
    assert settings is not None
    return rulespec.game(game_id, **settings), applied


@pytest.mark.parametrize("path", PLAYTHROUGHS, ids=[p.stem for p in PLAYTHROUGHS])
def test_every_legal_action_of_a_playthrough_round_trips(path: Path) -> None:
    game, applied = _replay(path)
    state = game.initial_state()
    checked = 0
    for data in applied:
        for action in state.legal_actions():  # the chance outcomes at a chance node
            text = game.format_action(action)
            assert " " not in text, text
            assert game.parse_action(text, state) == action, text
            assert game.parse_action(text) == action, text
            checked += 1
        action = game.action_from_json(data)
        after = state.apply(game.format_action(action))
        assert after == state.apply(action)
        state = after
    assert state.is_terminal
    assert checked > len(applied)


@pytest.mark.parametrize("spec", list(rulespec.GAMES), ids=rulespec.GAMES.ids)
def test_every_numbered_action_of_every_variant_round_trips(spec: rulespec.GameSpec) -> None:
    for settings in spec.variants():
        game = rulespec.game(spec.id, **settings)
        everything = [game.action(i) for i in range(game.num_distinct_actions)]
        everything += [game.chance_outcome(i) for i in range(game.num_chance_outcomes)]
        written = [game.format_action(a) for a in everything]
        assert len(set(written)) == len(written), "two actions share a notation"
        for action, text in zip(everything, written, strict=True):
            assert game.parse_action(text) == action, text


def test_apply_and_explain_take_the_notation() -> None:
    game = rulespec.game("mandala", players=3)
    state = game.new_game(seed=7)
    action = state.legal_actions()[0]
    text = game.format_action(action)
    assert state.apply(text) == state.apply(action)
    assert state.explain(text) == state.explain(action)
    assert rulespec.explain(state, text).legal
    verdict = state.explain("9R@0")
    assert not verdict.legal
    assert verdict.rule is not None
    assert verdict.rule.id == "mandala.play.one_colour_one_mandala"
    with pytest.raises(rulespec.IllegalAction):
        state.apply("9R@0")
    assert state.apply(text, player=0) == state.apply(action)


def test_the_notation_reads_letters_in_either_case() -> None:
    mandala = rulespec.game("mandala", players=2)
    assert mandala.parse_action("2r@1") == mandala.parse_action("2R@1")
    assert mandala.parse_action("+gX3") == mandala.parse_action("+Gx3")
    lotus = rulespec.game("lotus", edition="de", players=3)
    assert lotus.parse_action("LEAD") == lotus.parse_action("lead")
    assert lotus.parse_action("~*v") == lotus.parse_action("~*V")
    assert lotus.parse_action("C3") == lotus.parse_action("c3")


def _columns(spec: rulespec.GameSpec) -> list[Any]:
    """A game of every column of the game's variant table, with the default options."""
    table = spec.table()
    defaults = {o.key: o.default for o in table.options}
    return [rulespec.game(spec.id, **dict(c.axes), **defaults) for c in table.columns]


@pytest.mark.parametrize("spec", list(rulespec.GAMES), ids=rulespec.GAMES.ids)
def test_every_action_of_random_play_reads_back_in_either_case(spec: rulespec.GameSpec) -> None:
    """docs/notation.rst: letters may be given in either case, in every game, area ids of
    the White Lotus board (``A17``) and Castle's pile names (``~TILE:4``) too (issue 34)."""
    for game in _columns(spec):
        rng = random.Random(3)
        state = game.initial_state()
        for _ in range(150):
            if state.is_terminal:
                break
            for action in state.legal_actions():
                text = game.format_action(action)
                for variant in {text.lower(), text.upper(), text.swapcase()}:
                    assert game.parse_action(variant, state) == action, (text, variant)
                    assert game.parse_action(variant) == action, (text, variant)
            state = rulespec.random_step(state, rng)


def test_a_lotus_area_in_another_case_is_the_boards_and_a_typo_gets_suggestions() -> None:
    """Issue 34: ``A17`` claims a17; ``a7`` (no such area) is refused with the areas in play
    closest to it."""
    lotus = rulespec.game("lotus", edition="de", players=3)
    start = lotus.new_game(seed=1)
    assert lotus.parse_action("A17") == PlaceMarker("a17")
    assert start.apply("A17") == start.apply("a17")
    verdict = rulespec.explain(start, "a7")
    assert not verdict.legal
    assert "a7 is not an area in play (did you mean" in verdict.reason
    assert "a17" in verdict.reason.split("did you mean")[1]
    assert "did you mean" not in rulespec.explain(start, "zz").reason


def test_on_a_board_whose_ids_differ_only_in_case_the_exact_id_is_read() -> None:
    """A custom board may have ``Q1`` and ``q1``: neither is folded into the other."""
    game = rulespec.game(
        "lotus", edition="de", players=3, board=_renamed_board({"a09": "Q1", "a11": "q1"})
    )
    assert game.parse_action("Q1") == PlaceMarker("Q1")
    assert game.parse_action("q1") == PlaceMarker("q1")


MALFORMED = [
    ("mandala", "9Q@0", '"Q" at character 2: expected a colour after the count'),
    ("mandala", "2R@", "nothing at character 4: expected a mandala number"),
    ("mandala", "+R9", '"9" at character 3: expected a tile\'s face, 2, 3, 4, 5, 7 or x3'),
    ("mandala", "~Z", '"Z" at character 2: expected a colour (~G), a tile (~Yx3)'),
    ("mandala", "~@", "nothing at character 3: expected a mandala number, as in ~@2"),
    ("mandala", "R7", '"R7" at character 1: expected a Mandala action'),
    ("mandala", "   ", "empty text"),
    ("lotus", "~Q", '"Q" at character 2: expected a building'),
    ("lotus", "~*", "nothing at character 3: expected a building"),
    ("lotus", "@", "nothing at character 2: expected an area id, as in @a17"),
    ("lotus", "3>", "nothing at character 3: expected a seat number, as in 3>1"),
    ("lotus", "g>1", '">" at character 2: expected an amount'),
    ("lotus", "g3x>1", '"x" at character 3: expected i (influence) or c (combat)'),
    ("lotus", '+"a17', '"\\"a17" at character 2: expected a JSON string'),
    ("lotus", "+a 17", '" 17" at character 3: expected the end of the area id a'),
    ("lotus", "lead!", '"!" at character 5: expected the end'),
    ("lotus", "x" * 201, "a notation has at most 200"),
    ("oriente", "pick:", "nothing at character 6: expected a card, as in pick:nofu"),
    ("oriente", "income/", "nothing at character 8: expected a card"),
    ("castle", "G<", '"G" at character 1: expected a die\'s colour, R (red), B (black) or W'),
    ("castle", "~R=1-7", '"7" at character 6: expected a die\'s face from 1 to 6'),
    ("castle", "?", '"?" at character 1: expected a White Castle action'),
]
"""Each game's own forms: what is said of each (the four kinds every game shares are
:data:`KINDS`)."""


@pytest.mark.parametrize(("game_id", "text", "says"), MALFORMED)
def test_malformed_text_says_what_was_wrong(game_id: str, text: str, says: str) -> None:
    game = rulespec.game(game_id, **SETTINGS[game_id])
    with pytest.raises(MalformedNotation) as caught:
        game.parse_action(text)
    assert says in str(caught.value)
    assert isinstance(caught.value, MalformedAction)  # one except clause for bad input
    state = game.new_game(seed=1)
    with pytest.raises(MalformedNotation):
        state.apply(text)
    with pytest.raises(MalformedNotation):
        state.explain(text)


KINDS = {
    # unknown word, then its near miss (None: the game's words are single letters)
    "unknown word": {
        "mandala": ("2Q@1", "Q", 2, None),
        "lotus": ("~Q", "Q", 2, None),
        "oriente": ("atack>2", "atack", 1, "attack"),
        "castle": ("~tiel:4", "tiel", 2, "tile"),
    },
    "bad number": {
        "mandala": ("2R@x", "x", 4, None),
        "lotus": ("3>one", "one", 3, None),
        "oriente": ("support>x", "x", 9, None),
        "castle": ("@seven", "seven", 2, None),
    },
    "missing part": {
        "mandala": ("2R", "", 3, None),
        "lotus": ("3>", "", 3, None),
        "oriente": ("give>2", "", 7, None),
        "castle": ("2.", "", 3, None),
    },
    "trailing junk": {
        "mandala": ("2R@1!", "!", 5, None),
        "lotus": ("3>1x", "x", 4, None),
        "oriente": ("join now", " now", 5, None),
        "castle": ("R<<", "<", 3, None),
    },
}
"""Malformed text of the four kinds every game refuses alike (issue 34): the text, the
part named, the character it starts at (from 1) and the near miss suggested."""


@pytest.mark.parametrize("game_id", list(SETTINGS))
@pytest.mark.parametrize("kind", list(KINDS))
def test_every_game_names_the_bad_part_where_it_is_and_what_was_expected(
    kind: str, game_id: str
) -> None:
    text, part, at, near = KINDS[kind][game_id]
    game = rulespec.game(game_id, **SETTINGS[game_id])
    with pytest.raises(MalformedNotation) as caught:
        game.parse_action(text)
    (problem,) = caught.value.problems
    found = json.dumps(part) if part else "nothing"
    assert problem.startswith(f"{json.dumps(text)}: {found} at character {at}: expected "), problem
    if near is None:
        assert "did you mean" not in problem
    else:
        assert problem.endswith(f"(did you mean {near}?)"), problem
    assert caught.value.to_json()["code"] == "malformed_notation"
    # meant for a state, the text's own hint comes first, then the closest legal actions
    state = game.new_game(seed=1)
    with pytest.raises(MalformedNotation) as caught:
        state.apply(text, player=state.current_player if state.to_act else None)
    assert caught.value.problems[0].startswith(problem.split(" (")[0])


def test_a_malformed_text_meant_for_a_state_gets_its_closest_legal_actions() -> None:
    game = rulespec.game("mandala", players=3)
    state = game.new_game(seed=7)
    with pytest.raises(MalformedNotation, match=r"did you mean 1Y@0"):
        state.apply("1Q@0")
    lotus = rulespec.game("lotus", edition="de", players=4)
    with pytest.raises(MalformedNotation, match=r"legal here: a09, a11"):
        lotus.new_game(seed=3).apply("~Q")


def test_text_of_another_type_is_an_invalid_argument() -> None:
    game = rulespec.game("mandala", players=2)
    with pytest.raises(InvalidArgument, match="expected text"):
        game.parse_action(b"2R@1")  # type: ignore[arg-type]


def _renamed_board(names: dict[str, str]) -> boards.Board:
    data = boards.schematic().to_json()
    for area in data["areas"]:
        area["id"] = names.get(area["id"], area["id"])
        area["adjacent"] = [names.get(n, n) for n in area["adjacent"]]
    return boards.from_json(data)


ODD_IDS = {
    "a09": "Area 9",
    "a11": "c3",
    "a17": "pass",
    "a22": "vp",
    "a25": 'Ke "Feng"',
    "a28": "Lead",
    "a30": "x2",
    "a10": "3>1",
}


def test_area_ids_that_are_not_plain_names_are_written_as_json_strings() -> None:
    assert area_text("a17") == "a17"
    assert area_text("Area 9") == '"Area 9"'
    assert area_text("c3") == '"c3"'
    assert area_text("Lead") == '"Lead"'
    game = rulespec.game("lotus", edition="de", players=3, board=_renamed_board(ODD_IDS))
    for area in game.area_ids:
        for kind in (PlaceMarker, ChooseConflict, TakeArea, PlaceChip):
            action = kind(area)
            assert game.parse_action(game.format_action(action)) == action
    state, _ = rulespec.playout(game.initial_state(), random.Random(2))
    for action in state.history():
        assert game.parse_action(game.format_action(action)) == action


@given(st.text(max_size=12) | st.from_regex(r"[~+@=]?[A-Za-z0-9*\">.+-]{0,8}", fullmatch=True))
@pytest.mark.parametrize("game_id", list(SETTINGS))
def test_any_text_names_an_action_that_round_trips_or_is_malformed(game_id: str, text: str) -> None:
    game = rulespec.game(game_id, **SETTINGS[game_id])
    try:
        action = game.parse_action(text)
    except MalformedNotation:
        return
    written = game.format_action(action)
    assert game.parse_action(written) == action
