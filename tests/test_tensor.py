"""Observation tensors (rulespec/core/tensor.py), checked for every game in rulespec.GAMES
and every variant: nothing here knows the rules of a particular game, except the one
function per game that changes what a seat cannot see (:data:`HIDDEN`), which a new game
must add (the test says so).

States come from one seeded random game per variant (every few steps, every seat's
view). A tensor must have its layout's length, keep every number in its entry's range,
be a function of the observation and tell apart any two observations whose JSON differs
(the encoding is injective in practice: see docs/tensors.rst for what it leaves out
deliberately); the public part is the same for every seat, and changing what a seat
cannot see never changes its tensor.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from functools import cache
from typing import Any

import attrs
import pytest

import rulespec
from rulespec.castle import data as castle_data
from rulespec.core.tensor import (
    Encoding,
    Layout,
    ObservationParts,
    TensorError,
    as_numpy,
    layout,
    observation_layout,
    observation_shape,
)
from tests.variants import label, played

STEPS = 240
"""Steps of random play per variant."""
EVERY = 8
"""One state in this many is checked."""


VARIANTS = [pytest.param(g, s, id=label(g, s)) for g, s in played()]
"""The generic suites' variants (:mod:`tests.variants`): every column, every option value
once; the full cross of options and columns is played by ``rulespec verify``."""


def _key(settings: dict[str, Any]) -> str:
    return json.dumps(settings, sort_keys=True)


@cache
def sampled(game_id: str, key: str) -> tuple[Any, ...]:
    """Every EVERY-th state of a seeded random game of the variant."""
    game = rulespec.game(game_id, **json.loads(key))
    rng = random.Random(f"{game_id} {key}")
    state = game.new_game(seed=rng.randrange(2**32))
    out = []
    for step in range(STEPS):
        if state.is_terminal:
            break
        if step % EVERY == 0:
            out.append(state)
        if state.is_chance:
            state = state.apply(state.sample_chance(rng))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
    out.append(state)
    return tuple(out)


def views(game_id: str, settings: dict[str, Any]) -> list[tuple[Any, int, Any]]:
    return [
        (state, seat, state.observation(seat))
        for state in sampled(game_id, _key(settings))
        for seat in range(state.players)
    ]


def canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True)


# --- the layout -------------------------------------------------------------------------


@pytest.mark.parametrize(("game_id", "settings"), VARIANTS)
def test_the_layout_tiles_the_tensor_exactly(game_id: str, settings: dict[str, Any]) -> None:
    game = rulespec.game(game_id, **settings)
    found = observation_layout(game)
    assert isinstance(found, Layout)
    assert observation_shape(game) == (found.size,)
    at = 0
    for entry in found.entries:
        assert entry.offset == at, entry.path  # no gap, no overlap
        assert entry.size >= 1, entry.path
        assert entry.low <= entry.high, entry.path
        if entry.encoding in {Encoding.ONE_HOT, Encoding.COUNTS, Encoding.MEMBERS}:
            assert len(entry.labels) == entry.size, entry.path
        at += entry.size
    assert at == found.size
    for public in (True, False):
        part = found.part(public)
        assert part.size == len(found.indices(public))
        assert [e.offset for e in part.entries] == [
            sum(e.size for e in part.entries[:i]) for i in range(len(part.entries))
        ]
    assert found.part(True).size + found.part(False).size == found.size
    assert layout(game, game.views.observation) is found  # built once


@pytest.mark.parametrize(("game_id", "settings"), VARIANTS)
def test_every_tensor_has_the_layouts_length_and_ranges(
    game_id: str, settings: dict[str, Any]
) -> None:
    game = rulespec.game(game_id, **settings)
    found = observation_layout(game)
    bounds = [(0.0, 1.0)] * found.size  # every entry's range, scaled to [0, 1]
    one_hot = [
        (e.offset, e.offset + e.size) for e in found.entries if e.encoding is Encoding.ONE_HOT
    ]
    for _state, seat, view in views(game_id, settings):
        assert isinstance(view, ObservationParts)
        tensor = view.tensor()
        assert tensor.typecode == "f"
        assert len(tensor) == found.size
        assert view.layout() is found
        if not all(low <= x <= high for x, (low, high) in zip(tensor, bounds, strict=True)):
            bad = [e.path for e in found.entries if not 0 <= min(part(tensor, e)) <= 1]
            bad += [e.path for e in found.entries if not 0 <= max(part(tensor, e)) <= 1]
            pytest.fail(f"seat {seat}: out of range: {bad}")
        for start, end in one_hot:
            assert sum(tensor[start:end]) in {0, 1}  # zero only inside an absent value


def part(tensor: Any, entry: Any) -> Any:
    return tensor[entry.offset : entry.offset + entry.size]


@pytest.mark.parametrize(("game_id", "settings"), VARIANTS)
def test_the_tensor_is_a_function_of_the_observation_and_tells_views_apart(
    game_id: str, settings: dict[str, Any]
) -> None:
    by_tensor: dict[bytes, str] = {}
    by_json: dict[str, bytes] = {}
    for _state, _seat, view in views(game_id, settings):
        # the step counter is in the JSON, not in the tensor: it says when, not what
        text = canonical({**view.to_json(), "step": None})
        raw = view.tensor().tobytes()
        assert by_json.setdefault(text, raw) == raw  # equal observations, equal tensors
        assert by_tensor.setdefault(raw, text) == text  # different JSON, different tensors
    assert len(by_json) > 1


@pytest.mark.parametrize(("game_id", "settings"), VARIANTS)
def test_the_public_part_is_the_same_for_every_seat(game_id: str, settings: dict[str, Any]) -> None:
    for state in sampled(game_id, _key(settings)):
        seen = [state.observation(seat) for seat in range(state.players)]
        publics = {canonical(v.public()) for v in seen}
        assert len(publics) == 1
        assert len({v.public_tensor().tobytes() for v in seen}) == 1
        for view in seen[:1]:
            assert merged(view.public(), view.private()) == view.to_json()
            whole, at = view.tensor(), view.layout()
            assert list(view.public_tensor()) == [whole[i] for i in at.indices(True)]
            assert list(view.private_tensor()) == [whole[i] for i in at.indices(False)]


def merged(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """``a`` and ``b`` deep-merged; a key in both must hold objects in both."""
    out = dict(a)
    for key, value in b.items():
        if key in out:
            assert isinstance(out[key], dict), key
            assert isinstance(value, dict), key
            out[key] = merged(out[key], value)
        else:
            out[key] = value
    return out


# --- what a seat cannot see -------------------------------------------------------------


def _mandala_hidden(data: dict[str, Any], seat: int, rng: random.Random) -> bool:
    """One card swapped between another seat's hand and the draw pile."""
    others = [q for q in range(len(data["hands"])) if q != seat and data["hands"][q]]
    if not others or not data["deck"]:
        return False
    hand = data["hands"][rng.choice(others)]
    deck = data["deck"]
    a = rng.choice(sorted(c for c, n in hand.items() if n))
    b = rng.choice(sorted(c for c, n in deck.items() if n))
    if a == b:
        return False
    for pile, give, take in ((hand, a, b), (deck, b, a)):
        pile[give] -= 1
        pile[take] = pile.get(take, 0) + 1
    return True


def _lotus_hidden(data: dict[str, Any], seat: int, rng: random.Random) -> bool:
    """Two other seats' influence and combat points swapped."""
    others = [q for q in range(len(data["influence"])) if q != seat]
    a, b = rng.sample(others, 2)
    changed = False
    for key in ("influence", "combat"):
        points = data[key]
        changed = changed or points[a] != points[b]
        points[a], points[b] = points[b], points[a]
    return changed


def _castle_hidden(data: dict[str, Any], seat: int, rng: random.Random) -> bool:
    """Solo: the solo deck's top card swapped with a card of the shuffled part showing the
    same bridge side (only the side is public)."""
    solo = data.get("solo")
    if not solo or solo["top"] is None or solo["known"] or not solo["hidden"]:
        return False
    cards = castle_data.default().solo
    side = lambda c: (cards[c].colour, cards[c].slot, cards[c].target)  # noqa: E731
    same = [c for c in solo["hidden"] if side(c) == side(solo["top"])]
    if not same:
        return False
    pick = rng.choice(same)
    solo["hidden"] = sorted([c for c in solo["hidden"] if c != pick] + [solo["top"]])
    solo["top"] = pick
    return True


_ORDINARY = ("nofu", "akindo", "samurai", "daimyo", "maho_tsukai", "soryo")


def _oriente_hidden(data: dict[str, Any], seat: int, rng: random.Random) -> bool:
    """Another seat's face-down resident swapped with a card of the deck."""
    others = [
        q
        for q, card in enumerate(data["residents"])
        if q != seat and not data["face_up"][q] and card in _ORDINARY
    ]
    pool = data["deck"]["pool"]
    kinds = [k for k in _ORDINARY if pool.get(k)]
    if not others or not kinds:
        return False
    q = rng.choice(others)
    a, b = data["residents"][q], rng.choice(kinds)
    if a == b:
        return False
    data["residents"][q] = b
    pool[b] -= 1
    pool[a] = pool.get(a, 0) + 1
    return True


HIDDEN: dict[str, Callable[[dict[str, Any], int, random.Random], bool]] = {
    "castle": _castle_hidden,
    "mandala": _mandala_hidden,
    "lotus": _lotus_hidden,
    "oriente": _oriente_hidden,
}
"""Per game: change, in a position's JSON, something ``seat`` cannot see (True if it
changed anything)."""


def test_every_game_says_what_a_seat_cannot_see() -> None:
    assert {spec.id for spec in rulespec.GAMES} <= set(HIDDEN)


@pytest.mark.parametrize(("game_id", "settings"), VARIANTS)
def test_changing_what_a_seat_cannot_see_never_changes_its_tensor(
    game_id: str, settings: dict[str, Any]
) -> None:
    game = rulespec.game(game_id, **settings)
    rng = random.Random(0)
    twins = 0
    states = sampled(game_id, _key(settings))
    # A position round trip is slow: every third state, and the others only if those
    # offered nothing hidden to change (a short game may have few face-down cards).
    first = states[::3]
    picked = {id(s) for s in first}
    for state in (*first, *(s for s in states if id(s) not in picked)):
        if twins and id(state) not in picked:
            break
        for seat in rng.sample(range(state.players), min(2, state.players)):
            data = json.loads(json.dumps(state.to_json()))
            if not HIDDEN[game_id](data, seat, rng):
                continue
            try:
                twin = game.state_from_json(data)
            except rulespec.RulespecError:
                continue  # not a consistent position (a pending bid above the points)
            if twin.problems():
                continue
            twins += 1
            assert twin.to_json() != state.to_json()
            assert twin.observation(seat).tensor() == state.observation(seat).tensor()
            assert twin.observation(seat).public_tensor() == state.observation(0).public_tensor()
    if not twins and game_id == "castle":
        pytest.skip("castle's default data tells every solo card by its bridge side: nothing hides")
    assert twins > 0


# --- errors and helpers -----------------------------------------------------------------


@attrs.frozen
class _Unencodable(ObservationParts):
    game: Any = attrs.field(eq=False, metadata={"json": None})
    name: str


@attrs.frozen
class _UnhintedPairs(ObservationParts):
    game: Any = attrs.field(eq=False, metadata={"json": None})
    pairs: tuple[tuple[int, int], ...]


@pytest.mark.parametrize(("cls", "field"), [(_Unencodable, "name"), (_UnhintedPairs, "pairs")])
def test_a_field_without_a_tensor_form_fails_when_the_layout_is_built(
    cls: type, field: str
) -> None:
    game = rulespec.game("mandala", players=2)
    with pytest.raises(TensorError, match=field):
        layout(game, cls)


def test_as_numpy_imports_numpy_only_when_called() -> None:
    game = rulespec.game("mandala", players=2)
    tensor = game.new_game(seed=1).observation(0).tensor()
    try:
        import numpy  # noqa: F401, PLC0415
    except ImportError:
        with pytest.raises(ImportError):
            as_numpy(tensor)
    else:
        assert as_numpy(tensor).shape == observation_shape(game)


OBSERVATION_BOUNDS = {"mandala": 600, "lotus": 2_300, "oriente": 600, "castle": 2_200}
"""The most numbers an observation tensor of each game has, in any variant (the table
in docs/tensors.rst gives each one's length)."""


@pytest.mark.parametrize("game_id", [spec.id for spec in rulespec.GAMES])
def test_every_observation_tensor_is_under_its_games_stated_bound(game_id: str) -> None:
    assert set(OBSERVATION_BOUNDS) == set(rulespec.GAMES.ids)  # a new game states its own
    for settings in rulespec.spec(game_id).variants():
        game = rulespec.game(game_id, **settings)
        assert game.observation_shape()[0] <= OBSERVATION_BOUNDS[game_id], settings
        assert game.information_state_shape()[0] <= OBSERVATION_BOUNDS[game_id] + 2_000


def test_the_castle_tensor_keeps_the_top_of_the_agenda_and_its_depth() -> None:
    """The agenda is a stack: the tensor holds its depth and the top frame (the one the
    seat acts in), each task's length and its head, which a learner needs to pick the
    next decision; deeper frames stay in the JSON only (issue 19, r16)."""
    game = rulespec.game("castle", players=3)
    rng = random.Random(3)
    state = game.new_game(seed=3)
    found = observation_layout(game)
    depth = next(e for e in found.entries if e.path == "agenda.length")
    head = next(e for e in found.entries if e.path == "agenda[0][0][0].symbol")
    deep = 0
    for _ in range(400):
        if state.is_terminal:
            break
        if not state.is_chance and len(state.agenda) > 0:
            view = state.observation(state.current_player)
            tensor = view.tensor()
            assert tensor[depth.offset] == pytest.approx(len(state.agenda) / depth.high)
            top = state.agenda[-1]
            if top and top[0]:
                label = head.labels.index(top[0][0].symbol.name.lower())
                assert tensor[head.offset + label] == 1.0
            deep += len(state.agenda) > 1
        state = state.apply(
            state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions())
        )
    assert deep  # a state with a frame under the top one was seen
