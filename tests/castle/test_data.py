"""The White Castle's component data (rulespec/castle/data.py, data/default.json): the
default meets the rulebook's counts and examples, every entry says where it comes from,
a broken copy reports all its problems at once, and the transcription converter reads the
reference files (an excerpt under fixtures/) into the same format."""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import rulespec
from rulespec.castle import data as castle_data
from rulespec.castle.components import (
    INTERNAL,
    SOLO_ONLY,
    CastleData,
    Colour,
    Effect,
    Figure,
    GardenKind,
    Source,
    Symbol,
    TileSide,
)
from tests.castle import transcription

FIXTURES = Path(__file__).parent / "fixtures"
DOCS = Path(__file__).parents[2] / "docs" / "castle-data.rst"


def default_json() -> dict[str, Any]:
    return castle_data.to_json(castle_data.default())


def problems_of(data: Any) -> tuple[str, ...]:
    with pytest.raises(castle_data.MalformedCastleData) as caught:
        castle_data.load(data)
    assert isinstance(caught.value, rulespec.MalformedPosition)
    assert caught.value.to_json()["code"] == "malformed_castle_data"
    return tuple(caught.value.problems)


def has(found: tuple[str, ...], *needles: str) -> None:
    for needle in needles:
        assert any(needle in p for p in found), f"{needle!r} not in\n" + "\n".join(found)


CARD_KINDS = (
    "level1",
    "level2",
    "level3",
    "gardens",
    "training",
    "die_tiles",
    "resources",
    "actions",
    "bonuses",
    "solo",
)
"""The lists of CastleData whose entries have ids."""


def entries(d: CastleData) -> Iterator[tuple[str, Any]]:
    """Every record that carries provenance, with a name for messages."""
    for key in CARD_KINDS:
        for entry in getattr(d, key):
            yield f"{key} {entry.id}", entry
    b = d.board
    yield "board", b
    for i, room in enumerate(b.rooms):
        yield f"room {i}", room
    for i, field in enumerate(b.outside):
        yield f"outside {i}", field
    yield "well", b.well
    for i, ground in enumerate(b.grounds):
        yield f"ground {i}", ground
    for row in b.family:
        yield f"family {row.figure.label}", row
    yield "track", b.track
    yield "court", b.court


# --- the default data -------------------------------------------------------------------


def test_the_default_loads_from_package_data_once() -> None:
    d = castle_data.default()
    assert castle_data.default() is d
    assert isinstance(d, CastleData)


def test_the_default_has_the_rulebook_counts() -> None:
    d = castle_data.default()
    assert (len(d.level1), len(d.level2), len(d.level3)) == (15, 12, 9)  # castle.de:52-54
    kinds = [g.kind for g in d.gardens]
    assert kinds.count(GardenKind.PLANT) == kinds.count(GardenKind.STONE) == 5  # castle.de:60
    assert len(d.training) == 8
    assert len(d.die_tiles) == 15
    assert (len(d.resources), len(d.actions), len(d.bonuses)) == (9, 6, 3)  # castle.de:44-46
    assert len(d.solo) == 9  # castle.de:65
    assert sum(r.bonus is not None for r in d.resources) == 3
    assert sum(c.min_players == 3 for c in d.level1) == 6
    assert sum(c.min_players == 3 for c in d.level2) == 3


def test_the_default_board_has_the_rulebook_facts() -> None:
    b = castle_data.default().board
    assert b.well.value == 1
    assert b.well.seals == 1
    assert b.well.tiles == 2
    assert b.outside[1].value == 5
    assert Symbol.CASTLE in b.outside[1].options
    assert [row.figure for row in b.family] == list(Figure)
    assert b.family[0].value == 6  # castle.de:320
    five = [g for g in b.grounds if g.cost == 5]
    assert len(five) == 1
    assert sorted(five[0].sides) == [TileSide.BLUE, TileSide.BEIGE]
    assert [t.seals for t in b.track.trees] == [1, 2, 3]  # castle.de:441
    assert b.court.points == (1, 3, 6, 10)  # castle.de:491-495
    assert sum(len(r.slots) for r in b.rooms) + b.well.tiles == 15  # castle.de:93-99


def effects(*texts: str) -> tuple[Effect, ...]:
    reader = castle_data.Reader(None)
    out = tuple(castle_data.EFFECT.load(t, reader) for t in texts)
    assert not reader.problems
    return out


def test_the_rulebook_examples_cards_are_in_the_default() -> None:
    d = castle_data.default()
    # castle.de:249-251: a room card whose white section pays a seal for the castle action
    # and whose other white section gives 2 iron
    sections = [[s.effects for s in c.sections] for c in d.level1]
    assert any(effects("pay_seals", "castle") in s and effects("iron 2") in s for s in sections)
    # castle.de:351: Tim's plant garden costs 4 food, then 3 coins for the castle action
    assert any(
        g.kind is GardenKind.PLANT and g.cost == 4 and g.action == effects("pay_coins 3", "castle")
        for g in d.gardens
    )
    # castle.de:503: Anna's gardeners are worth 5 + 3 + 7 on three different gardens
    points = [g.points for g in d.gardens]
    assert all(points.count(p) >= 1 for p in (5, 3, 7))
    # castle.de:338: a blue face "a black die tile's action" and a beige face "2 influence"
    # lie on the 5-iron ground together, so they are on different tiles
    blue = [t for t in d.training if t.blue == effects("black_tile")]
    beige = [t for t in d.training if t.beige == effects("influence 2")]
    assert blue
    assert beige
    assert {t.id for t in blue}.isdisjoint(t.id for t in beige)
    # castle.de:338: a castle-card section gives 2 points and the well's action
    all_sections = [s.effects for c in (*d.level1, *d.level2) for s in c.sections]
    assert effects("vp 2", "well") in all_sections
    # castle.de:401: a level-2 card's light section gives 3 resources of your choice
    assert any(
        s.effects == effects("any_resource 3") and j != c.dark
        for c in d.level2
        for j, s in enumerate(c.sections)
    )
    # castle.de:405: a Daimyo card offers 2 seals
    assert any(effects("seals 2") in c.spaces for c in d.level3)
    # castle.de:295: the well's tiles can show a pearl and a resource of choice
    backs = [t.back for t in d.die_tiles]
    assert effects("pearl") in backs
    assert effects("any_resource") in backs
    # castle.de:320: a courtier row "1 seal + 1 resource" and, once two courtiers are out,
    # visible rewards of 3 food and 2 coins
    assert any(c.rows[0] == effects("seals", "any_resource") for c in d.actions)
    shown = d.board.family[0].rewards[:2]
    assert {e for r in shown for e in r} == set(effects("food 3", "coins 2"))


def test_castle_cards_have_their_dark_section_and_span_three_rows() -> None:
    for card in (*castle_data.default().level1, *castle_data.default().level2):
        assert sum(s.rows for s in card.sections) == 3
        dark = card.sections[card.dark].effects
        main = {Symbol.CASTLE, Symbol.GARDEN, Symbol.TRAINING}
        assert any(e.symbol in main for e in dark), card.id
        assert card.lantern, card.id


# --- provenance ---------------------------------------------------------------------------

_CITE = re.compile(r"castle\.de:\d+|[a-z0-9_]+\.jsonc?|NOTES\.md")


def test_every_entry_says_where_it_comes_from() -> None:
    d = castle_data.default()
    for name, entry in entries(d):
        assert isinstance(entry.source, Source), name
        assert entry.cite or entry.note, name
        if entry.cite:
            assert _CITE.search(entry.cite), (name, entry.cite)
        if entry.source in (Source.STAND_IN, Source.SECONDARY):
            assert len(entry.note) > 40, (name, entry.note)
        if entry.source is Source.RULEBOOK:
            assert "castle.de:" in entry.cite, name
    sources = {entry.source for _, entry in entries(d)}
    assert sources == set(Source)


def test_the_components_no_source_gives_are_stand_ins() -> None:
    d = castle_data.default()
    for group in (d.actions, d.bonuses, d.die_tiles, d.solo):
        assert {e.source for e in group} == {Source.STAND_IN}
    assert d.board.track.source is Source.STAND_IN
    assert {r.source for r in d.board.family} == {Source.STAND_IN}
    for card in (*d.level1, *d.level2):
        assert card.source is Source.TRANSCRIPTION
        assert card.note.startswith("stand-in: dark, lantern."), card.id
    assert all(r.note.startswith("stand-in: bonus.") for r in d.resources if r.bonus)
    assert all("stand-in:" in t.note and "pairing" in t.note for t in d.training)
    assert all("slots" in r.note for r in d.board.rooms)


def test_the_docs_provenance_table_matches_the_data() -> None:
    """Every component with an id has a row in the docs' table, and the row shows the
    entry's source and cite as the data has them (the table cannot drift)."""
    text = DOCS.read_text(encoding="utf-8")
    table = text[text.index(".. provenance-table-start") : text.index(".. provenance-table-end")]
    rows = re.findall(r"   \* - (.*)\n     - (.*)\n     - (.*)\n     - (.*)\n", table)
    d = castle_data.default()
    by_id = {e.id: e for key in CARD_KINDS for e in getattr(d, key)}
    shown: set[str] = set()
    for _component, ids, source, cite in rows[1:]:
        for ident in re.findall(r"``([^`]+)``", ids):
            entry = by_id[ident]
            shown.add(ident)
            assert source.split(" (")[0] == entry.source.value, ident
            assert cite == entry.cite, ident
            marked = re.match(r"stand-in: ([a-z_, ]+)\.", entry.note)
            if marked:
                assert f"(stand-in: {marked.group(1)})" in source, ident
            else:
                assert "stand-in:" not in entry.note[:12], ident
    assert shown == set(by_id)


# --- round trip ---------------------------------------------------------------------------


def test_round_trip() -> None:
    d = castle_data.default()
    out = castle_data.to_json(d)
    assert out["format"] == 1
    assert castle_data.load(out) == d
    assert castle_data.load(json.dumps(out, ensure_ascii=False)) == d
    assert castle_data.to_json(castle_data.load(out)) == out


def test_the_shipped_file_is_the_loaded_data() -> None:
    path = Path(castle_data.__file__).parent / "data" / "default.json"
    assert castle_data.load(path.read_text(encoding="utf-8")) == castle_data.default()


effect_strategy = st.one_of(
    st.builds(
        Effect,
        st.sampled_from([s for s in Symbol if s not in INTERNAL and s is not Symbol.CHOICE]),
        st.integers(1, castle_data.MAX_AMOUNT),
    ),
    st.builds(
        lambda opts, n: Effect(Symbol.CHOICE, n, options=tuple(opts)),
        st.lists(
            st.sampled_from([Symbol.CASTLE, Symbol.GARDEN, Symbol.TRAINING, Symbol.FOOD]),
            min_size=2,
            max_size=4,
            unique=True,
        ),
        st.integers(1, 3),
    ),
    st.builds(
        lambda kinds: Effect(Symbol.GARDEN, kinds=tuple(kinds)),
        st.lists(st.sampled_from(list(GardenKind)), max_size=2, unique=True),
    ),
)


@given(effect_strategy)
def test_effects_round_trip_as_text(effect: Effect) -> None:
    reader = castle_data.Reader(None)
    assert castle_data.EFFECT.load(castle_data.effect_text(effect), reader) == effect
    assert not reader.problems


def json_paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from json_paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from json_paths(item, (*path, i))


PATHS = [p for p in json_paths(castle_data.to_json(castle_data.default())) if p]
junk = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**30), 10**30) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=8,
)


@given(st.lists(st.tuples(st.sampled_from(PATHS), junk), min_size=1, max_size=4))
def test_any_damage_is_reported_never_raised_otherwise(damage: list[Any]) -> None:
    """Client data may be anything: a damaged copy loads or raises MalformedCastleData,
    whose problems are listed; nothing else escapes."""
    data = default_json()
    for path, value in damage:
        target: Any = data
        try:
            for key in path[:-1]:
                target = target[key]
            target[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue  # an earlier change removed the place
    caught: castle_data.MalformedCastleData | None = None
    try:
        castle_data.load(data)
    except castle_data.MalformedCastleData as exc:
        caught = exc
    if caught is not None:
        assert caught.problems
        json.dumps(caught.to_json())


# --- every check fires, all at once ---------------------------------------------------------


def test_a_broken_copy_reports_every_problem_at_once() -> None:
    data = default_json()
    data["format"] = 2
    data["colour"] = "blue"  # unknown key
    del data["level2"][0]  # 11 level-2 cards
    data["level1"][1]["id"] = data["level1"][0]["id"]  # duplicate id
    data["level1"][2]["sections"][0]["effects"] = ["fod 2"]  # unknown symbol
    data["level1"][3]["sections"][1]["effects"] = ["food 99"]  # amount out of range
    data["level1"][4]["dark"] = 3  # no such section
    data["level2"][1]["sections"][0]["rows"] = 1  # l2-03 spans 2 rows, not 3
    data["level1"][5]["sections"].pop()  # 2 sections on a level-1 card
    data["gardens"][0]["cost"] = 9  # more food than anyone can hold
    data["gardens"][1]["kind"] = "stone"  # 4 plant + 6 stone
    data["die_tiles"][0]["back"] = ["castle"]  # not a resource
    data["die_tiles"][1]["source"] = "hearsay"  # unknown source
    data["actions"][0]["note"] = ""  # a stand-in without its note
    data["actions"][1]["rows"][0] = ["gate"]  # a rival symbol off the solo cards
    data["actions"][2]["rows"][1] = ["food", "pay_coins 2"]  # a cost that gates nothing
    data["resources"][3]["bonus"] = "b9"  # no such bonus card (r4 showed b2)
    data["solo"][0]["actions"][0] = "castle"  # not a rival symbol
    data["solo"][1]["target"] = {"area": "family", "index": 0}  # the rival has no board
    data["solo"][2]["actions"][0] = "ascend 3"
    data["solo"][4]["actions"][0] = "gate 2"
    data["solo"][3]["actions"][0] = "training 4"  # no 4-iron ground
    data["level3"][0]["spaces"][0] = ["audience"]  # an engine-internal symbol
    data["training"][0]["note"] = "stand-in: colour. oops"  # names no field
    data["training"][1]["note"] = "stand-in: pairing (by file order)."  # not the marker form
    data["bonuses"][0]["cite"] = "the rulebook somewhere"  # not a cite
    board = data["board"]
    board["well"]["value"] = 2
    board["rooms"][0]["value"] = 7
    board["rooms"][1]["slots"][0] = {"number": 0}  # a ♦ slot without its colour
    board["rooms"][3]["slots"][1]["number"] = 7  # numbered 7 twice
    board["outside"][0]["options"] = ["well", "castle"]
    board["grounds"][2]["sides"] = []
    board["family"][2]["rewards"].pop()
    board["track"]["trees"][2]["seals"] = 4
    board["track"]["final"] = [10, 16]
    board["court"]["points"] = [1, 3, 6, 9]
    found = problems_of(data)
    has(
        found,
        "format: expected 1, got 2",
        "colour: unknown key",
        "level2: 11 entries, expected 12 (castle.de:53)",
        'level1[1].id: "l1-01" is also the id of level1[0]',
        'level1[2].sections[0].effects[0]: "fod" is not a symbol',
        "level1[3].sections[1].effects[0]: food: amount 99",
        "level1[4].dark: 3",
        "level2[1].sections: rows [1, 1], expected summing to 3",
        "level1[5].sections: 2 sections, expected 3",
        "gardens[0].cost: 9, expected 1 to 7",
        "gardens: 4 plant gardens, expected 5",
        "gardens: 6 stone gardens, expected 5",
        "die_tiles[0].back[0]: castle: a die tile's back shows resources",
        "die_tiles[1].source: expected one of",
        "actions[0].note: a stand-in entry needs a note",
        "actions[1].rows[0][0]: 'gate' is a rival symbol",
        "actions[2].rows[1][1]: a cost must gate something after it",
        "resources[3].bonus: names no bonus card",
        "bonuses[1]: shown on 0 resource cards",
        "solo[0].actions[0]: castle is not a rival symbol",
        "solo[1].target: family: the rival has no family board",
        "solo[2].actions[0]: ascend 3: 1 or 2 levels",
        "solo[4].actions[0]: gate places one courtier",
        "solo[3].actions[0]: training 4: no ground costs 4 iron",
        'level3[0].spaces[0][0]: "audience" is not a symbol',
        "training[0].note: 'stand-in: colour' names no field",
        "training[1].note: a note starting 'stand-in:' lists the stand-in fields",
        'bonuses[0].cite: "the rulebook somewhere" is not a cite',
        "board.well.value: 2, expected 1 (castle.de:289)",
        "board.rooms[0].value: 7, expected 1 to 6",
        "board.rooms[1].slots[0]: a ♦ slot (number 0) names its tile's colour",
        "board.rooms: ♦ slots hold ['red', 'white'], expected one tile of each colour",
        "board.rooms: numbered slots must be 1 to 10 once each (castle.de:97): 7 2 times, 8 miss",
        "board: 2 ♦ + 10 numbered slots + 2 well tiles = 14, but there are 15 die tiles",
        "board.outside[0].options: two different actions of castle, garden, training",
        "board.grounds[2].sides: a ground holds at least one tile",
        "board.grounds: 3 tile places, expected 4 (castle.de:122)",
        "board.family[2].rewards: 4 rewards, expected one under each of the 5 figures",
        "board.track.trees: seals [1, 2, 4], expected 1, 2, 3 (castle.de:441)",
        "board.track.final: 2 values, expected one per season-4 space (6)",
        "board.track.final: [10, 16]: each from 10 to 15",
        "board.court.points: [1, 3, 6, 9], expected [1, 3, 6, 10]",
    )


def test_the_level2_rows_must_sum_to_three_even_when_each_is_valid() -> None:
    data = default_json()
    data["level2"][0]["sections"][0]["rows"] = 2
    data["level2"][0]["sections"][1]["rows"] = 2
    has(problems_of(data), "level2[0].sections: rows [2, 2], expected summing to 3")


def test_structure_problems_name_their_json_path() -> None:
    data = default_json()
    data["level1"][0]["sections"] = "three"
    data["board"]["rooms"][0]["slots"][0]["colour"] = "green"
    del data["solo"][0]["slot"]
    found = problems_of(data)
    has(
        found,
        "level1[0].sections: expected a list",
        'board.rooms[0].slots[0].colour: "green" is not a colour',
        "solo[0].slot: is missing",
    )


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("choice castle", "a choice needs two or more distinct symbols"),
        ("choice castle pay_coins", "not costs"),
        ("choice castle castle", "two or more distinct"),
        ("garden tree", "a garden takes the kinds plant and/or stone"),
        ("food 2 3", "food takes only an amount"),
        ("food 0", "amount 0, expected 1 to 20"),
        ("", "expected an effect"),
        ("section 3", '"section" is not a symbol'),
    ],
)
def test_effect_text_problems(text: str, needle: str) -> None:
    data = default_json()
    data["bonuses"][0]["lantern"] = [text]
    found = problems_of(data)
    assert any(p.startswith("bonuses[0].lantern[0]: ") and needle in p for p in found), found
    assert len(found) == 1, found


def test_text_input_problems() -> None:
    has(problems_of("{"), "not JSON")
    has(problems_of("[]"), "castle data must be a JSON object, got list")
    has(problems_of(" " * (castle_data.MAX_BYTES + 1)), "characters; the data has at most")
    has(problems_of("[" * 100_000), "nested too deeply")


def test_huge_numbers_are_reported_not_raised() -> None:
    has(problems_of('{"format": ' + "9" * 5000 + "}"), "a number too long to read")
    data = default_json()
    data["board"]["well"]["value"] = 10**5000
    data["board"]["track"]["final"] = [10**5000]
    data["level1"][0]["dark"] = -(10**5000)
    whole = "expected a whole number from -(2**63 - 1) to 2**63 - 1, got "
    has(  # refused where they are read (issue 28: a whole number is at most 64 bits)
        problems_of(data),
        f"board.well.value: {whole}<a number too large to print>",
        f"board.track.final[0]: {whole}<a number too large to print>",
        f"level1[0].dark: {whole}<a number too large to print>",
    )


def test_too_few_cards_for_two_players() -> None:
    data = default_json()
    for card in data["level2"]:
        card["min_players"] = 3
    has(problems_of(data), "level2: 0 cards in play with 1-2 players, fewer than the 2 rooms")


def test_a_cite_that_is_not_a_cite() -> None:
    data = default_json()
    data["gardens"][0]["cite"] = "castle.de:1" + ", castle.de:1" * 40
    data["gardens"][1]["cite"] = "page 12"
    data["gardens"][2]["cite"] = "castle.de:12-"
    found = problems_of(data)
    has(found, "gardens[0].cite: ", "gardens[1].cite: ", "gardens[2].cite: ")


def test_a_broken_bonus_card_does_not_make_other_problems() -> None:
    data = default_json()
    data["bonuses"][0]["lantern"] = "vp"
    data["resources"][4]["gains"] = 3
    found = problems_of(data)
    assert len(found) == 2, found


def test_one_dark_action_everywhere_would_redraw_forever() -> None:
    data = default_json()
    for key in ("level1", "level2"):
        for card in data[key]:
            card["sections"][card["dark"]]["effects"] = (
                ["pay_seals", "castle"] if key == "level1" else ["castle"]
            )
    has(
        problems_of(data),
        "every castle card in play with 1-2 players has the same dark action",
        "every castle card in play with 3-4 players has the same dark action",
    )


def test_dark_actions_compare_the_main_action_not_its_cost() -> None:
    d = castle_data.default()
    assert castle_data.dark_action(d.level1[0]) == {Symbol.CASTLE}  # pay a seal, castle
    assert castle_data.dark_action(d.level2[1]) == {Symbol.CASTLE}  # castle
    assert len({castle_data.dark_action(c) for c in (*d.level1, *d.level2)}) == 3


def test_a_bonus_card_shown_twice() -> None:
    data = default_json()
    data["resources"][1]["bonus"] = "b1"
    has(problems_of(data), "bonuses[0]: shown on 2 resource cards")


def test_solo_cards_in_too_few_colours() -> None:
    data = default_json()
    for card in data["solo"]:
        card["colour"] = "red"
    has(problems_of(data), "solo: colours ['red']; the solo cards come in 3 colours")


# --- free action cycles ---------------------------------------------------------------------


def test_a_lantern_back_showing_the_lantern_is_a_free_cycle() -> None:
    data = default_json()
    data["bonuses"][0]["lantern"] = ["vp", "lantern"]
    found = problems_of(data)
    has(found, "free action cycle: bonuses[0].lantern -> bonuses[0].lantern triggers itself")
    assert len([p for p in found if "free action cycle" in p]) == 1


def test_a_cycle_through_two_actions_is_found() -> None:
    # a light section that gives the lantern bonus, and a lantern back that runs any light
    # section: each triggers the other at no cost
    data = default_json()
    data["level2"][0]["lantern"] = ["light"]
    found = problems_of(data)
    has(found, "free action cycle: ")
    cycle = next(p for p in found if "free action cycle" in p)
    assert "level2[0].lantern" in cycle
    assert "lantern" in cycle


def test_a_family_row_that_runs_a_family_row_is_a_free_cycle() -> None:
    data = default_json()
    data["actions"][0]["rows"][2] = ["family"]
    has(problems_of(data), "actions[0].rows[2] -> actions[0].rows[2] triggers itself")


def test_a_tile_action_on_a_section_is_a_free_cycle() -> None:
    data = default_json()
    data["level1"][0]["sections"][2]["effects"] = ["any_tile"]
    has(problems_of(data), "level1[0].sections[2] -> level1[0].sections[2] triggers itself")


def test_a_cost_before_the_trigger_breaks_the_cycle() -> None:
    data = default_json()
    data["bonuses"][0]["lantern"] = ["pay_coins 1", "lantern"]
    data["actions"][0]["rows"][2] = ["pay_seals 1", "family"]
    data["level1"][0]["sections"][2]["effects"] = ["pay_coins 2", "choice any_tile food"]
    assert castle_data.load(data).bonuses[0].lantern[0].symbol is Symbol.PAY_COINS


def test_the_main_actions_are_not_followed() -> None:
    # castle, garden and training place a figure each time: bounded by the 15 figures
    data = default_json()
    data["gardens"][0]["action"] = ["garden"]
    data["level2"][0]["lantern"] = ["castle"]
    castle_data.load(data)


# --- the transcription converter --------------------------------------------------------------


def fixture_files() -> dict[str, Any]:
    out: dict[str, Any] = {}
    for path in sorted(FIXTURES.iterdir()):
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".json":
            out[path.name] = json.loads(text)
        elif path.suffix == ".jsonc":
            out[path.name] = transcription.parse_jsonc(text)
    return out


def test_the_converter_reports_the_oddities_of_the_excerpt() -> None:
    found = transcription.convert(fixture_files()).oddities
    has(
        tuple(found),
        "card_castle_level3.json: 10 entries, the rulebook has 9 (castle.de:54)",
        "card_plant_garden.json: 6 entries, the rulebook has 5 (castle.de:60)",
        "tile_yard_blue.json: 9 entries, the rulebook has 8",
        "tile_yard_yellow.json: 7 entries, the rulebook has 8",
        "card_castle_level1.json: 5 entries, the rulebook has 15",  # an excerpt
        "card_castle_level1.json[1].sections[2]: 'action' used for 'name'",
        "card_castle_level1.json[4].sections[1]: 'resource' used for 'resources'",
        "card_stone_garden.json: file not given",
    )


def test_the_converted_excerpt_matches_the_default_data() -> None:
    """default.json was assembled from the converter's output: its transcribed parts are
    what the converter reads from the same entries."""
    got = transcription.convert(fixture_files()).data
    d = castle_data.default()
    reader = castle_data.Reader(None)

    def read(texts: list[str]) -> tuple[Effect, ...]:
        return tuple(castle_data.EFFECT.load(t, reader) for t in texts)

    for level, cards in ((1, d.level1), (2, d.level2)):
        for raw, card in zip(got[f"level{level}"], cards, strict=False):
            assert raw["id"] == card.id
            assert [read(s["effects"]) for s in raw["sections"]] == [
                s.effects for s in card.sections
            ]
            assert [s["rows"] for s in raw["sections"]] == [s.rows for s in card.sections]
            assert (raw["dark"], raw["min_players"]) == (card.dark, card.min_players)
    assert len(got["level3"]) == 10
    for raw, daimyo in zip(got["level3"], d.level3, strict=False):
        assert [read(s) for s in raw["spaces"]] == list(daimyo.spaces)
    assert got["level3"][9]["spaces"] == [["red_tile"], ["black_tile"], ["white_tile"]]
    plants = [g for g in d.gardens if g.kind is GardenKind.PLANT]
    for raw, garden in zip(got["gardens"], plants, strict=False):
        assert (raw["cost"], raw["points"], read(raw["action"])) == (
            garden.cost,
            garden.points,
            garden.action,
        )
    assert [read(b["effects"]) for b in got["blue"][:8]] == [t.blue for t in d.training]
    beige = [read(b["effects"]) for b in got["beige"]] + [read(got["blue"][8]["effects"])]
    assert beige == [t.beige for t in d.training]
    assert [(g["cost"], g["points"]) for g in got["board"]["grounds"]] == [
        (g.cost, g.points) for g in d.board.grounds
    ]
    assert not reader.problems


def test_the_converter_normalises_names_and_spellings() -> None:
    files = {
        "card_starting.json": [
            {
                "actions": [
                    {"type": "resource", "resources": {"clan_points": 2, "coin": -3}},
                    {"type": "action", "name": "castle_or_yard_or_garden"},
                    {"type": "action", "name": "teleport"},
                ],
                "lantern": ["pearl", "clan_point"],
                "decree": True,
                "shiny": 1,
            }
        ]
    }
    got = transcription.convert(files)
    card = got.data["resources"][0]
    assert card["gains"] == ["pay_coins 3", "vp 2", "choice castle training garden"]
    assert card["lantern"] == ["pearl", "vp"]
    assert card["shows_bonus"] is True
    has(
        got.oddities,
        "'clan_points' spelt for 'clan_point'",
        'unknown action name "teleport"',
        'card_starting.json[0]: unknown key "shiny" ignored',
        "card_starting.json: 1 entries, the rulebook has 9",
    )


def test_jsonc_comments_and_trailing_commas() -> None:
    text = '{"a": [1, 2,], // note, "b": 1\n "s": "x // not a comment, ]", /* c */ "b": {"c": 1,},}'
    assert transcription.parse_jsonc(text) == {
        "a": [1, 2],
        "s": "x // not a comment, ]",
        "b": {"c": 1},
    }


def test_every_symbol_is_known_to_the_loader_or_internal() -> None:
    usable = {s for s in Symbol if s not in INTERNAL}
    for symbol in usable:
        text = "choice castle garden" if symbol is Symbol.CHOICE else symbol.label
        reader = castle_data.Reader(None)
        castle_data.EFFECT.load(text, reader)
        assert not reader.problems, symbol
    assert usable >= SOLO_ONLY
    assert {c.label for c in Colour} == {"red", "black", "white"}
    assert attrs.has(CastleData)


def test_a_copy_is_independent() -> None:
    data = default_json()
    copied = copy.deepcopy(data)
    copied["level1"][0]["id"] = "x"
    assert castle_data.load(data) == castle_data.default()


@pytest.mark.rule("castle.components.dropped_cards")
def test_six_gardens_of_one_kind_only_are_refused() -> None:
    """Five of each kind (the book) or six of each (the transcription, all_gardens), not a
    mix: one surplus garden alone is a broken file."""
    data = castle_data.to_json(castle_data.all_gardens())
    data["gardens"] = [g for g in data["gardens"] if g["id"] != "stone-6"]
    has(problems_of(data), "gardens: 6 plant gardens, expected 5 (castle.de:60)")
    assert castle_data.load(castle_data.to_json(castle_data.all_gardens())) == (
        castle_data.all_gardens()
    )
