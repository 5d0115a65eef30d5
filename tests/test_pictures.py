"""The SVG pictures (docs/pictures.rst): well-formed for random positions of every variant,
states and observations alike; an observation's picture shows nothing its seat cannot see;
values from a board file are escaped; notebooks get them through ``_repr_svg_`` and
``_repr_html_``."""

from __future__ import annotations

import html
import random
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

import rulespec
from rulespec.core.play import random_step
from rulespec.lotus import board as boards
from tests.variants import played

SVG = "{http://www.w3.org/2000/svg}"
VARIANTS = played()


def _positions(game: Any, seed: int, count: int) -> list[Any]:
    """``count`` positions of one seeded random game, spread over it, the end included."""
    rng = random.Random(seed)
    state = game.initial_state()
    seen = [state]
    while not state.is_terminal:
        state = random_step(state, rng)
        seen.append(state)
    picked = sorted(random.Random(seed).sample(range(len(seen) - 1), count - 1))
    return [seen[i] for i in picked] + [seen[-1]]


def _parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert float(root.get("width", "0")) > 0
    assert float(root.get("height", "0")) > 0
    assert root.find(f"{SVG}title") is not None
    return root


@pytest.mark.parametrize(
    ("game_id", "settings"),
    VARIANTS,
    ids=[f"{g}-{'-'.join(f'{k}={v}' for k, v in s.items())}" for g, s in VARIANTS],
)
def test_pictures_of_random_positions_are_well_formed_svg(
    game_id: str, settings: dict[str, object]
) -> None:
    game = rulespec.game(game_id, **settings)
    for state in _positions(game, seed=len(VARIANTS), count=4):
        _parse(game.svg(state))
        for seat in range(game.players):
            _parse(game.svg(state.observation(seat)))


@pytest.mark.parametrize("game_id", ["mandala", "lotus"])
def test_an_observation_picture_shows_only_what_its_seat_sees(game_id: str) -> None:
    """A resampled state is one the seat cannot tell from the real one (the same
    information state, hidden parts redrawn): its observation's picture is the same."""
    settings = {"players": 4} if game_id == "mandala" else {"edition": "de", "players": 4}
    game = rulespec.game(game_id, **settings)
    rng = random.Random(5)
    differ = 0
    for state in _positions(game, seed=5, count=8)[:-1]:
        for seat in range(game.players):
            other = state.resample(seat, rng)
            assert game.svg(other.observation(seat)) == game.svg(state.observation(seat))
            differ += game.svg(other) != game.svg(state)
    assert differ > 0  # the whole state's picture does show what was hidden


def test_the_picture_shows_the_position() -> None:
    game = rulespec.game("mandala", players=3)
    state = game.new_game(seed=7)
    svg = game.svg(state)
    for area in state.mandalas:
        for tile in area.tiles:
            assert f"tile {tile.label}" in svg
    assert "turn 1" in svg
    lotus = rulespec.game("lotus", edition="fr", players=6)
    state = lotus.new_game(seed=2)
    svg = lotus.svg(state)
    for i, chip in enumerate(state.chips):
        if chip is not None:
            assert f"{state.area_id(i)}: " in svg
            assert f"neutral {chip.building.label}" in svg


def test_notebooks_get_svg_and_html() -> None:
    game = rulespec.game("lotus", edition="de", players=3)
    state = game.new_game(seed=1)
    assert state._repr_svg_() == game.svg(state)
    assert state._repr_svg_() in state._repr_html_()
    view = state.observation(2)
    assert view._repr_svg_() == game.svg(view)
    assert view._repr_html_().startswith("<div")
    assert "what seat 2 sees" in view._repr_svg_()


def test_area_ids_and_names_from_a_board_file_are_escaped() -> None:
    data = boards.schematic().to_json()
    names = {"a09": '<script>alert("x")</script>', "a11": "A & B"}
    for area in data["areas"]:
        area["adjacent"] = [names.get(n, n) for n in area["adjacent"]]
        area["id"] = names.get(area["id"], area["id"])
        area["name"] = area["id"] + ' "quoted" <b>'
    game = rulespec.game("lotus", edition="de", players=3, board=boards.from_json(data))
    svg = game.svg(game.new_game(seed=1))
    _parse(svg)
    assert "<script" not in svg
    assert "<b>" not in svg
    assert "&lt;script&gt;" in svg


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_castle_picture_labels_supplies_and_never_draws_an_empty_slot_as_a_die(
    players: int,
) -> None:
    """Issue 22: every family board names its resources, coins and seals; an empty bridge
    slot is a dashed outline with no fill, so a bridge shows exactly its dice."""
    settings: dict[str, object] = {"players": players}
    if players == 1:
        settings["difficulty"] = "easy"
    game = rulespec.game("castle", **settings)
    for state in _positions(game, seed=players, count=4):
        for view in (state, state.observation(0)):
            root = _parse(game.svg(view))
            texts = [t.text or "" for t in root.iter(f"{SVG}text")]
            for label in ("iron", "food", "pearl", "seasons track (0: the heron)"):
                assert label in texts, label
            assert sum(t.startswith("coins ") for t in texts) == len(_families(state))
            assert any("Daimyo" in t for t in texts) or state.level3 < 0
            dashed = [r for r in root.iter(f"{SVG}rect") if r.get("stroke-dasharray") is not None]
            assert all(r.get("fill") == "none" for r in dashed)
            empty_bridge_slots = sum(v == 0 for bridge in state.bridges for v in bridge)
            empty_fields = sum(1 for v in state.fields if v == 0)
            assert len(dashed) == empty_bridge_slots + empty_fields


def _families(state: Any) -> list[Any]:
    return [*state.families, *([state.rival] if state.rival is not None else [])]


@pytest.mark.parametrize("spec", list(rulespec.GAMES), ids=lambda s: s.id)
def test_every_pictures_label_says_the_game_players_phase_who_acts_and_whose_view(
    spec: rulespec.GameSpec,
) -> None:
    """Issue 34: Mandala's and White Lotus's pictures told a screen reader the players, the
    phase, who acts and whose view it is; Oriente's and The White Castle's only the game.
    Every game's label now says all five, for the whole table and for a seat's view."""
    game = rulespec.game(spec.id, **spec.variants()[0])
    state = rulespec.advance_until(game.new_game(seed=2))
    end, _ = rulespec.playout(state, random.Random(2))
    n = game.players
    players = "1 player" if n == 1 else f"{n} players"
    for s in (state, end):
        for view, seen in ((s, "the whole table"), (s.observation(0), "what seat 0 sees")):
            label = re.search(r'aria-label="([^"]*)"', game.svg(view))
            assert label is not None
            text = html.unescape(label[1])
            who = "terminal" if s.is_terminal else f"seat {s.current_player}"
            for part in (spec.title, players, f"phase {s.phase.value}", f"to act: {who}", seen):
                assert part in text, (part, text)
