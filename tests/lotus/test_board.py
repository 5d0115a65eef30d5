"""The White Lotus board as data (rulespec/lotus/board.py, boards/schematic.json): the
schematic stand-in meets every stated fact, a broken board reports all its problems at
once, and any board file in the same format can replace it."""

from __future__ import annotations

import copy
import json
import os
import random
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import pytest

import rulespec
from rulespec.lotus import LotusGame
from rulespec.lotus import board as boards

from . import BROWN, BROWN_LOTUS, DRAGONS, LIGHT_LOTUS


def connected(ids: Iterable[str], adjacency: Mapping[str, Iterable[str]]) -> bool:
    """A breadth-first search written here, independently of board.py."""
    todo = set(ids)
    if not todo:
        return True
    frontier = [min(todo)]
    seen = set(frontier)
    while frontier:
        nxt = []
        for a in frontier:
            for n in adjacency[a]:
                if n in todo and n not in seen:
                    seen.add(n)
                    nxt.append(n)
        frontier = nxt
    return seen == todo


def schematic_json() -> dict[str, Any]:
    path = Path(boards.__file__).parent / "boards" / "schematic.json"
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def problems_of(data: Any) -> tuple[str, ...]:
    with pytest.raises(boards.MalformedBoard) as caught:
        boards.from_json(data)
    assert isinstance(caught.value, rulespec.MalformedPosition)
    return tuple(caught.value.problems)


def has(found: tuple[str, ...], *needles: str) -> None:
    for needle in needles:
        assert any(needle in p for p in found), f"{needle!r} not in {found}"


# --- the schematic stand-in --------------------------------------------------------------


def test_the_schematic_board_meets_the_stated_facts() -> None:
    board = boards.schematic()
    ids = [a.id for a in board.areas]
    assert len(ids) == len(set(ids)) == 39
    assert {a.id for a in board.areas if a.brown} == set(BROWN)
    assert len(BROWN) == 8
    assert {a.id for a in board.areas if a.lotus and not a.brown} == set(LIGHT_LOTUS)
    assert len(LIGHT_LOTUS) == 7
    assert {a.id for a in board.areas if a.lotus and a.brown} == {BROWN_LOTUS}
    assert {a.id for a in board.areas if a.dragon} == set(DRAGONS)
    assert not any(a.dragon and a.brown for a in board.areas)
    assert "stand-in" in board.stand_in


def test_the_schematic_board_is_symmetric_and_connected() -> None:
    board = boards.schematic()
    adjacency = {a.id: a.adjacent for a in board.areas}
    for a, neighbours in adjacency.items():
        assert a not in neighbours
        for n in neighbours:
            assert n in adjacency, (a, n)
            assert a in adjacency[n], (a, n)
    assert connected(adjacency, adjacency)
    light = [a.id for a in board.areas if not a.brown]
    assert len(light) == 31
    assert connected(light, adjacency)
    # every brown area touches another area, so the 6-player board has no islands
    assert all(adjacency[b] for b in BROWN)


def test_the_board_file_round_trips() -> None:
    board = boards.schematic()
    assert boards.from_json(board.to_json()) == board
    assert boards.from_json(schematic_json()) == board
    assert board.neighbours("a05") == {"a04", "a10"}
    assert "a13" in board.in_play(6)
    assert "a13" not in board.in_play(5)
    assert len(board.in_play(3)) == 31
    assert "a13" in board
    assert board.area("a33").dragon


# --- broken boards -----------------------------------------------------------------------


def test_a_broken_board_reports_every_problem_at_once() -> None:
    data = schematic_json()
    areas = {a["id"]: a for a in data["areas"]}
    areas["a01"]["adjacent"].append("a39")  # a39 does not list a01: asymmetric
    areas["a02"]["adjacent"].append("a77")  # no such area
    areas["a38"]["dragon"] = False  # two dragon areas
    areas["a04"]["brown"] = True  # nine brown areas
    areas["a28"]["lotus"] = False  # six light lotus areas
    # cut a05 off from the rest: disconnected
    areas["a05"]["adjacent"] = []
    areas["a04"]["adjacent"].remove("a05")
    areas["a10"]["adjacent"].remove("a05")
    data["areas"].pop()  # 38 areas (a39 gone)
    found = problems_of(data)
    has(
        found,
        'a01: adjacent to unknown area "a39"',
        'a02: adjacent to unknown area "a77"',
        "areas: 38",
        "brown areas: 9",
        "light start areas (lotus): 6",
        "dragon areas: 1",
        "not one connected map",
        "light areas (the 3–5 player board) are not connected",
    )


def test_asymmetric_adjacency_is_named() -> None:
    data = schematic_json()
    data["areas"][0]["adjacent"].append("a39")
    found = problems_of(data)
    assert len(found) == 1
    has(found, "area a01: lists a39 as adjacent but a39 does not list a01", "symmetric")


def test_disconnected_light_part_is_named() -> None:
    """a05 loses its light neighbours (a04, a10) and is joined to the brown a03 instead:
    the whole map stays connected, the 3-5 player board does not."""
    data = schematic_json()
    areas = {a["id"]: a for a in data["areas"]}
    for n in areas["a05"]["adjacent"]:
        areas[n]["adjacent"].remove("a05")
    areas["a05"]["adjacent"] = ["a03"]
    areas["a03"]["adjacent"].append("a05")
    found = problems_of(data)
    assert len(found) == 1
    has(found, "the light areas (the 3–5 player board) are not connected on their own")


@pytest.mark.parametrize(
    ("change", "needle"),
    [
        (lambda d: d.update(format=2), "format: expected 1"),
        (lambda d: d["areas"][0].update(brown="yes"), "'brown' must be true or false"),
        (lambda d: d["areas"][0].update(pos=[1]), "'pos' must be [x, y]"),
        (lambda d: d["areas"][0].update(adjacent="a02"), "'adjacent' must be a list"),
        (lambda d: d["areas"][0].update(colour="red"), "unknown keys colour"),
        (lambda d: d["areas"][1].update(id="a01"), "the id is used more than once"),
        (lambda d: d["areas"][0]["adjacent"].append("a01"), "adjacent to itself"),
        (lambda d: d["areas"].append("area"), "expected an object"),
        (lambda d: d["areas"][0].pop("id"), "needs a string 'id'"),
    ],
)
def test_each_kind_of_mistake_is_named(change: Any, needle: str) -> None:
    data = schematic_json()
    change(data)
    has(problems_of(data), needle)


def test_not_a_board_at_all() -> None:
    assert problems_of([1, 2]) == ("a board must be a JSON object, got list",)
    has(problems_of({"format": 1}), "areas: expected a list of areas")


# --- boards from files -------------------------------------------------------------------


def shuffled_board(seed: int) -> dict[str, Any]:
    """The schematic board with its areas renamed and listed in another order: the same
    map, different data."""
    data = copy.deepcopy(schematic_json())
    rng = random.Random(seed)
    names = {a["id"]: f"z{i:02d}" for i, a in enumerate(data["areas"])}
    for area in data["areas"]:
        area["id"] = names[area["id"]]
        area["adjacent"] = [names[n] for n in area["adjacent"]]
    rng.shuffle(data["areas"])
    data["name"] = "renamed"
    return data


def test_a_board_file_is_loaded_by_the_host_and_travels_as_data(tmp_path: Path) -> None:
    path = tmp_path / "renamed.json"
    path.write_text(json.dumps(shuffled_board(3)), encoding="utf-8")
    game = rulespec.game("lotus", edition="de", players=4, board=boards.load_board(path))
    assert isinstance(game, LotusGame)
    assert game.board.name == "renamed"
    assert game.settings()["board"] == game.board.to_json()
    assert len(game.in_play) == 31
    assert len(game.start_areas) == 7
    final, _ = rulespec.playout(game.initial_state(), random.Random(1))
    assert final.is_terminal
    assert final.problems() == ()
    # positions carry the board as data, and load back into a game built from the settings
    data = json.loads(json.dumps(final.to_json()))
    assert data["settings"]["board"]["name"] == "renamed"
    again = rulespec.game("lotus", **data["settings"])
    assert again.state_from_json(data) == final
    # a position for another board is refused
    with pytest.raises(rulespec.MalformedPosition, match=r"settings\.board"):
        rulespec.game("lotus", edition="de", players=4).state_from_json(data)


def test_a_broken_board_file_is_refused(tmp_path: Path) -> None:
    data = schematic_json()
    data["areas"][0]["adjacent"].append("a39")
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(boards.MalformedBoard, match="symmetric"):
        boards.load_board(path)
    with pytest.raises(boards.MalformedBoard, match=r"missing\.json: cannot be read"):
        boards.load_board(tmp_path / "missing.json")
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(boards.MalformedBoard, match="not JSON"):
        boards.load_board(path)


def test_a_record_naming_a_file_opens_no_file(tmp_path: Path) -> None:
    """Defect: a record's (client data's) settings named a board file, and the library
    opened it, echoed its JSON in the error, read /dev/zero until memory ran out and
    blocked on a FIFO. Settings name no files now: the board is a registered name or
    data."""
    secret = tmp_path / "secret.json"
    secret.write_text(json.dumps({"password": "hunter2"}), encoding="utf-8")
    opened: list[str] = []

    def watch(event: str, args: tuple[Any, ...]) -> None:
        if event == "open" and str(args[0]).startswith(str(tmp_path)):
            opened.append(str(args[0]))

    sys.addaudithook(watch)
    for name in (str(secret), "/dev/zero", str(tmp_path)):
        record = {"game": "lotus", "settings": {"edition": "de", "players": 3, "board": name}}
        with pytest.raises(rulespec.UnknownVariant) as caught:
            rulespec.load_record({**record, "actions": []})
        assert "hunter2" not in str(caught.value)
        assert "load_board" in str(caught.value)
    assert opened == []


@pytest.mark.parametrize("bad", [None, 1, [], 3.5, "path/to/board.json"])
def test_a_board_setting_that_is_no_name_and_no_data_is_an_unknown_variant(bad: Any) -> None:
    with pytest.raises(rulespec.UnknownVariant, match="board"):
        rulespec.game("lotus", edition="de", players=3, board=bad)


def test_load_board_reads_only_small_regular_files(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    big.write_text(" " * (boards.MAX_BOARD_BYTES + 1), encoding="utf-8")
    with pytest.raises(boards.MalformedBoard, match="at most"):
        boards.load_board(big)
    with pytest.raises(boards.MalformedBoard, match="not a regular file"):
        boards.load_board(tmp_path)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(boards.MalformedBoard, match="not a regular file"):
        boards.load_board(fifo)  # refused before it is opened, so it cannot block
    bad = tmp_path / "bad.json"
    bad.write_bytes(b'{"format": 1, "name": "\xff\xfe"}')
    with pytest.raises(boards.MalformedBoard, match="not UTF-8"):
        boards.load_board(bad)
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    with pytest.raises(boards.MalformedBoard) as caught:
        boards.load_board(deep)
    assert len(str(caught.value)) < 300


@pytest.mark.parametrize("path", [5, None, b"board.json", 2.5, "a\0b.json"])
def test_load_board_refuses_a_path_that_is_no_path_with_malformed_board(path: Any) -> None:
    """Defect r13 (issue 19): an int, None or bytes raised TypeError and a NUL character
    ValueError; every refusal of load_board is a MalformedBoard, a RulespecError."""
    with pytest.raises(boards.MalformedBoard) as caught:
        boards.load_board(path)
    assert isinstance(caught.value, rulespec.RulespecError)
    assert len(str(caught.value)) < 300


def test_board_validation_is_linear_and_capped() -> None:
    """Defect: validation counted each id with list.count (16,000 areas took 2.6 s); a
    board of more than MAX_AREAS areas is refused before its areas are read."""
    areas = [{"id": f"x{i}", "adjacent": []} for i in range(100_000)]
    with pytest.raises(boards.MalformedBoard, match=f"at most {boards.MAX_AREAS}"):
        boards.from_json({"format": 1, "areas": areas})
    same = [{"id": "twin", "adjacent": []} for _ in range(boards.MAX_AREAS)]
    with pytest.raises(boards.MalformedBoard, match="used more than once") as caught:
        boards.from_json({"format": 1, "areas": same})
    assert len(caught.value.problems) < 20


def test_a_huge_or_infinite_position_is_refused() -> None:
    data = schematic_json()
    data["areas"][0]["pos"] = [10**400, 0]
    data["areas"][1]["pos"] = [float("nan"), 0]
    with pytest.raises(boards.MalformedBoard) as caught:
        boards.from_json(data)
    assert sum("two finite numbers" in p for p in caught.value.problems) == 2


def test_a_board_object_can_be_passed_directly() -> None:
    board = boards.from_json(shuffled_board(5))
    game = rulespec.game("lotus", edition="fr", players=6, board=board)
    assert isinstance(game, LotusGame)
    assert game.board is board
    assert len(game.in_play) == 39
    assert len(game.start_areas) == 8
