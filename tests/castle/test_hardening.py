"""Hardening of White Castle positions and data (issue 19).

A position that loads plays on: every seat's view and tensor, resampling, the JSON round
trip and random play work, and no state play reaches from it is refused by the loader.
What would break is refused at load with a :class:`~rulespec.MalformedPosition` naming the
field. Component data is refused with a :class:`MalformedCastleData` however it is wrong
and however big it is. One regression test per defect found, then a seeded mutation fuzz.
"""

from __future__ import annotations

import copy
import functools
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rulespec
from rulespec.castle import data as castle_data
from rulespec.castle import rival as rivals
from rulespec.castle.actions import MAX_TASKS
from rulespec.castle.bounds import agenda_depth, lantern_most, rival_tasks_most
from rulespec.castle.components import Colour
from rulespec.castle.data import MAX_ENTRIES, MalformedCastleData, effect_text
from rulespec.errors import MalformedPosition, RulespecError

VARIANTS: tuple[dict[str, Any], ...] = (
    {"players": 2},
    {"players": 3},
    {"players": 4},
    {"players": 1, "difficulty": "easy"},
    {"players": 1, "difficulty": "medium"},
    {"players": 1, "difficulty": "hard"},
)
STEPS = 50
"""Random steps an accepted position must survive."""


@functools.cache
def game(**kw: Any) -> Any:
    return rulespec.game("castle", **kw)


def walk(g: Any, seed: int) -> list[Any]:
    """Every state of one seeded random game."""
    rng = random.Random(seed)
    s = g.new_game(seed=seed)
    path = [s]
    while not s.is_terminal:
        s = rulespec.random_step(s, rng)
        path.append(s)
    return path


def first(g: Any, phase: str, seed: int = 1) -> dict[str, Any]:
    """The JSON of the first state of a seeded game in ``phase``."""
    state = next(s for s in walk(g, seed) if s.phase.value == phase)
    doc: dict[str, Any] = copy.deepcopy(state.to_json())
    return doc


def refused(g: Any, doc: dict[str, Any], field: str) -> str:
    """``doc`` is refused; the problem naming ``field`` (returned)."""
    with pytest.raises(MalformedPosition) as err:
        g.state_from_json(doc)
    named = [p for p in err.value.problems if p.startswith(field)]
    assert named, err.value.problems
    return named[0]


# --- positions with lists of the wrong length or indices out of range ------------------


def test_a_rooms_list_with_an_extra_entry_is_refused() -> None:
    g = game(players=2)
    doc = first(g, "take")
    doc["rooms"].append(doc["rooms"][1])
    refused(g, doc, "rooms")


@pytest.mark.parametrize(
    ("field", "edit"),
    [
        ("fields", lambda d: d["fields"].append(0)),
        ("gardens", lambda d: d["gardens"].append(d["gardens"][3])),
        ("stacked", lambda d: d["stacked"].pop()),
        ("fields", lambda d: d["fields"].pop()),
        ("tiles", lambda d: d["tiles"].__setitem__(9, 15)),
        ("order", lambda d: d["order"].append(d["order"][1])),
    ],
    ids=["fields+1", "gardens+1", "stacked-1", "fields-1", "tile 15", "seat twice"],
)
def test_a_list_of_the_wrong_length_or_an_index_out_of_range_is_refused(
    field: str, edit: Any
) -> None:
    g = game(players=2)
    doc = first(g, "take")
    edit(doc)
    refused(g, doc, field)


def test_solo_hidden_has_one_canonical_form() -> None:
    # equal games compare, hash and observe alike: an unsorted hidden part is refused
    g = game(players=1, difficulty="easy")
    doc = copy.deepcopy(g.new_game(seed=1).to_json())
    hidden = doc["solo"]["hidden"]
    assert len(hidden) > 1
    doc["solo"]["hidden"] = list(reversed(hidden))
    assert "sorted" in refused(g, doc, "solo.hidden")
    doc["solo"]["hidden"] = sorted(hidden)
    assert g.state_from_json(doc).to_json()["solo"]["hidden"] == sorted(hidden)


@pytest.mark.rule("castle.turn.take")
def test_a_position_that_loads_has_no_problems() -> None:
    # loading is all or nothing: what play never reaches (a die to place, none in hand)
    # is refused, and what loads has no problems()
    g = game(players=2)
    doc = first(g, "place")
    doc["held"] = [0, 0, 0]  # placing, but no die in hand
    with pytest.raises(MalformedPosition):
        g.state_from_json(doc)
    for s in walk(g, 2)[::25]:
        assert g.state_from_json(s.to_json()).problems() == ()


@pytest.mark.rule("castle.setup.pairs")
def test_while_pairs_are_picked_the_agenda_holds_only_a_starting_cards_goods() -> None:
    # the castle action is a task of the game, but not of a starting card: with no
    # courtier to move and no skipping while picking, play would stop
    g = game(players=1, difficulty="easy")
    doc = next(s for s in walk(g, 1) if s.stage.value == "picks" and s.agenda).to_json()
    doc["agenda"] = [[["castle"]]]
    refused(g, doc, "agenda")
    doc["agenda"] = [[["seals"]]]
    g.state_from_json(doc)


@pytest.mark.rule("castle.setup.pairs", "castle.solo.setup")
def test_only_players_pick_starting_pairs() -> None:
    # the solo player is dealt a pair (castle.solo.setup): nobody is left to pick one
    g = game(players=1, difficulty="medium")
    doc = next(s for s in walk(g, 1) if s.stage.value == "picks").to_json()
    doc["picking"] = [1]
    refused(g, doc, "picking")
    g2 = game(players=2)
    doc = next(s for s in walk(g2, 1) if s.phase.value == "pick").to_json()
    doc["picking"] = [*doc["picking"], 2]
    refused(g2, doc, "picking")


# --- chance positions that play never reaches -----------------------------------------


@pytest.mark.rule("castle.setup.dice")
def test_a_roll_with_every_bridge_rolled_is_refused() -> None:
    g = game(players=2)
    doc = first(g, "take")
    doc["phase"] = "roll"
    doc["turns"] = 0
    doc["bridges"] = [[1, 2, 3], [1, 2, 3], [1, 2, 3]]
    assert "rolled" in refused(g, doc, "phase roll")


@pytest.mark.rule("castle.actions.card_swap", "castle.actions.empty_deck")
def test_a_refill_from_an_empty_deck_is_refused() -> None:
    g = game(players=2)
    s = next(s for seed in range(20) for s in walk(g, seed) if s.phase.value == "refill")
    doc = copy.deepcopy(s.to_json())
    level = g.tables.room_level[s.refill]
    doc[f"deck{level}"] = []
    assert "empty" in refused(g, doc, "phase refill")


@pytest.mark.rule("castle.solo.deck")
def test_a_solo_draw_with_no_hidden_card_is_refused() -> None:
    g = game(players=1, difficulty="easy")
    doc = first(g, "solo_draw")
    doc["solo"]["bottom"] = sorted({*doc["solo"]["bottom"], *doc["solo"]["hidden"]})
    doc["solo"]["hidden"] = []
    refused(g, doc, "phase solo_draw")


@pytest.mark.rule("castle.setup.die_tiles")
def test_a_black_die_tile_on_the_red_diamond_slot_is_refused() -> None:
    g = game(players=2)
    doc = first(g, "take")
    black = [i for i, t in enumerate(g.data.die_tiles) if t.colour is Colour.BLACK]
    red_slot, black_slot = doc["diamond"][0], doc["diamond"][1]
    tile = next(i for i in black if i != black_slot)
    where = "tiles" if tile in doc["tiles"] else None
    if where:
        doc["tiles"][doc["tiles"].index(tile)] = red_slot
    doc["diamond"][0] = tile
    assert "red" in refused(g, doc, "diamond[0]")


@pytest.mark.rule("castle.solo.deck")
def test_a_solo_card_both_hidden_and_revealed_is_refused() -> None:
    g = game(players=1, difficulty="easy")
    doc = first(g, "take")
    doc["solo"]["row"] = [doc["solo"]["hidden"][0]]
    refused(g, doc, "solo")


@pytest.mark.rule("castle.solo.reveal")
def test_a_card_without_its_die_draws_the_next_one_in_the_rivals_turn() -> None:
    # the rival flips cards until one names a die; a flip onto the shuffled part is a
    # draw (chance), never the end of its turn with no card on top
    for difficulty in ("easy", "medium", "hard"):
        g = game(players=1, difficulty=difficulty)
        for seed in range(4):
            for s in walk(g, seed):
                assert s.solo is not None
                assert None not in s.solo.row, (difficulty, seed, s.solo)


@pytest.mark.rule("castle.solo.deck")
def test_every_solo_card_lies_somewhere() -> None:
    g = game(players=1, difficulty="easy")
    doc = first(g, "take")
    assert doc["solo"]["top"] is not None
    doc["solo"]["top"] = None  # the top card gone, not drawn
    assert "9" in refused(g, doc, "solo")


@pytest.mark.rule("castle.solo.deck_runs_out")
def test_after_the_deck_ran_out_the_rival_flips_no_missing_card() -> None:
    # every card revealed without a die: the rival used the fallback and the deck, all
    # under it now, has no top card; its next turn flips the old bottom, no missing card
    g = game(players=1, difficulty="easy")
    s = g.state_from_json(first(g, "take"))
    assert s.solo is not None
    cards = tuple(range(len(g.data.solo)))
    s = s.but(solo=s.solo.but(hidden=(), bottom=cards, top=None, row=()), actor=g.players)
    after = rivals.start(s)
    assert after.solo is not None
    assert None not in (*after.solo.row, *after.solo.bottom)


@pytest.mark.rule("castle.solo.deck_runs_out")
@pytest.mark.parametrize("order", [[0, 1], [1, 0]], ids=["player first", "rival first"])
def test_a_new_round_after_the_deck_ran_out_plays_from_the_old_bottom(
    order: list[int],
) -> None:
    """After a run-out the row went under the deck and its first card became the top
    (ruling castle.solo.deck_runs_out), so the next round starts with a top card and no
    hidden part; the rival, if first, plays its whole turn right after the roll."""
    g = game(players=1, difficulty="easy")
    doc = first(g, "roll")
    cards = list(range(len(g.data.solo)))
    doc["solo"].update(hidden=[], bottom=cards[1:], top=cards[0], known=True, row=[])
    doc.update(order=order, actor=order[0])
    s = g.state_from_json(doc)
    rng = random.Random(0)
    while s.phase.value == "roll":
        s = rulespec.random_step(s, rng)
    assert s.phase.value != "solo_draw"
    assert s.actor == 0
    plays_on(g, s, rng)
    # with no top card and nothing hidden there would be nothing to draw: not reachable
    doc["solo"].update(hidden=[], bottom=cards, top=None, known=False)
    with pytest.raises(MalformedPosition):
        g.state_from_json(doc)


@pytest.mark.rule("castle.solo.reveal", "castle.solo.actions")
def test_solo_cards_lie_revealed_and_rival_actions_wait_only_in_the_rivals_turn() -> None:
    g = game(players=1, difficulty="medium")
    doc = first(g, "roll")
    assert doc["solo"]["top"] is None
    doc["solo"].update(hidden=[], row=list(range(len(g.data.solo))))
    refused(g, doc, "solo.row")
    doc = first(g, "take")
    doc["solo"]["tasks"] = [effect_text(g.data.solo[0].actions[0])]
    refused(g, doc, "solo.tasks")


# --- component data ------------------------------------------------------------------


def test_castle_data_with_many_broken_cards_is_refused_listing_its_problems() -> None:
    d = castle_data.to_json(castle_data.default())
    for doc in (dict(d, level1=[{}] * 20), dict(d, level2=d["training"], training=d["level2"])):
        with pytest.raises(MalformedCastleData) as err:
            castle_data.load(doc)
        assert err.value.problems


def test_castle_data_objects_are_capped_like_text() -> None:
    d = castle_data.to_json(castle_data.default())
    with pytest.raises(MalformedCastleData) as err:
        rulespec.game("castle", players=2, data=dict(d, level1=d["level1"] * 400))
    assert any(p.startswith("level1") and str(MAX_ENTRIES) in p for p in err.value.problems)
    card = d["level1"][0]
    huge = dict(d, level1=[dict(card, sections=card["sections"] * 50_000)])
    with pytest.raises(MalformedCastleData) as err:
        castle_data.load(huge)
    assert len(err.value.problems) == 1
    assert len(str(err.value)) < 10_000
    many = dict(d, level1=d["level1"] * (MAX_ENTRIES // len(d["level1"])))
    with pytest.raises(MalformedCastleData) as err:
        castle_data.load(many)
    assert len(str(err.value)) < 20_000  # at most the problem cap, each line bounded


# --- the mutation fuzz ----------------------------------------------------------------


@functools.cache
def pool() -> tuple[tuple[dict[str, Any], dict[str, Any]], ...]:
    """(variant, position) pairs from seeded random play of every variant."""
    out = []
    for kw in VARIANTS:
        path = walk(game(**kw), 7)
        rng = random.Random(7)
        out += [(kw, s.to_json()) for s in rng.sample(path, min(25, len(path)))]
    return tuple(out)


def _paths(doc: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [at]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _paths(v, (*at, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += _paths(v, (*at, i))
    return out


def _get(doc: Any, at: tuple[Any, ...]) -> Any:
    for k in at:
        doc = doc[k]
    return doc


def mutate(doc: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """One to three edits: an int changed or out of range, a list entry added, dropped,
    duplicated or the list shuffled, two sibling lists swapped, a key dropped, a string
    replaced by another of the position or an effect's amount changed."""
    doc = copy.deepcopy(doc)
    for _ in range(rng.choice((1, 1, 2, 3))):
        paths = [p for p in _paths(doc) if p and p[0] not in {"game", "settings", "step"}]
        at = rng.choice(paths)
        parent, key = _get(doc, at[:-1]), at[-1]
        value, op = parent[key], rng.randrange(9)
        if isinstance(parent, dict) and op == 0 and rng.random() < 0.5:
            del parent[key]
        elif isinstance(value, int) and not isinstance(value, bool):
            parent[key] = rng.choice(
                (value + 1, value - 1, -1, 0, 3, 6, 7, 15, 40, 999, value + rng.randint(2, 30))
            )
        elif isinstance(value, list):
            if op <= 2 and value:
                value.append(copy.deepcopy(rng.choice(value)))
            elif op <= 4 and value:
                value.pop(rng.randrange(len(value)))
            elif op == 5:
                rng.shuffle(value)
            elif op == 6 and value:
                value[rng.randrange(len(value))] = copy.deepcopy(rng.choice(value))
            elif op == 7 and isinstance(parent, dict):
                others = [k for k, v in parent.items() if isinstance(v, list) and k != key]
                if others:
                    other = rng.choice(others)
                    parent[key], parent[other] = parent[other], value
            else:
                value.append(rng.choice((0, -1, 1, 5, 15)))
        elif isinstance(value, str) and op < 3 and any(w.isdigit() for w in value.split()):
            # an effect's amount: "food 2" -> "food 7"
            words = value.split()
            at_amount = next(i for i, w in enumerate(words) if w.isdigit())
            words[at_amount] = str(rng.choice((0, 3, 7, 20, 99)))
            parent[key] = " ".join(words)
        elif isinstance(value, str):
            words = [v for p in _paths(doc) if isinstance(v := _get(doc, p), str)]
            parent[key] = rng.choice(words)
        elif isinstance(value, dict) and value:
            del value[rng.choice(list(value))]
    return doc


def plays_on(g: Any, state: Any, rng: random.Random) -> None:
    """Every view, tensor, resample and the JSON round trip work, and so do random steps,
    each state reached loading back to itself."""
    assert state.problems() == ()
    assert g.state_from_json(json.loads(json.dumps(state.to_json()))) == state
    for p in range(g.players):
        seen = state.observation(p)
        seen.to_json()
        if hasattr(seen, "tensor"):
            seen.tensor()
        if not state.is_terminal:
            state.resample(p, random.Random(p))
    for _ in range(STEPS):
        if state.is_terminal:
            break
        state = rulespec.random_step(state, rng)
        assert state.problems() == ()
        assert g.state_from_json(json.loads(json.dumps(state.to_json()))) == state


def fuzz_one(seed: int) -> bool:
    """Mutate one pooled position with ``seed``: True if it loaded (and then played on)."""
    rng = random.Random(seed)
    kw, doc = rng.choice(pool())
    g = game(**kw)
    mutated = mutate(doc, rng)
    try:
        state = g.state_from_json(mutated)
    except RulespecError:
        return False
    plays_on(g, state, rng)
    return True


@settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_a_mutated_position_is_refused_or_plays_on(seed: int) -> None:
    fuzz_one(seed)


def test_every_position_in_the_pool_plays_on() -> None:
    # the unmutated positions: each loads and plays on (the fuzz's baseline)
    for kw, doc in pool()[::5]:
        g = game(**kw)
        plays_on(g, g.state_from_json(doc), random.Random(0))


# --- issue 28: counts with both bounds, lists no longer than the components allow ------------


@pytest.mark.rule("castle.round.reroll")
@pytest.mark.parametrize("phase", ["roll", "pick"])
def test_a_die_left_on_a_family_row_before_the_roll_is_refused(phase: str) -> None:
    """r22: one die too many on a family board loaded while the bridges were still to be
    rolled (or the pairs picked), and play then counted more dice off the bridges than
    taken. Before the roll every die is back (castle.round.reroll)."""
    g = game(players=2)
    doc = first(g, phase, seed=0)
    doc["families"][0]["dice"][0] += 1
    assert "castle.round.reroll" in refused(g, doc, "stacked")


def test_no_state_of_play_has_a_die_off_the_bridges_before_the_roll() -> None:
    """The check above holds in play: before a round's roll nothing is off the bridges."""
    for kw in VARIANTS:
        for s in walk(game(**kw), 2):
            assert not [p for p in s.problems() if "castle.round.reroll" in p], kw


@pytest.mark.rule("castle.turn.field_actions")
def test_an_agenda_deeper_than_the_components_allow_is_refused() -> None:
    """r23: 3,000 pending frames loaded (and paid a seat 3,000 coins in one turn). The
    agenda holds at most ``agenda_depth`` frames, derived from the components."""
    g = game(players=2)
    doc = first(g, "resolve")
    depth = agenda_depth(g)
    doc["agenda"] = [doc["agenda"][-1]] * (depth + 1)
    assert f"at most {depth} deep" in refused(g, doc, "agenda")
    doc["agenda"] = [[doc["agenda"][0][0]] * (MAX_TASKS + 1)]
    assert f"at most {MAX_TASKS}" in refused(g, doc, "agenda[0]")


@pytest.mark.rule("castle.actions.card_swap")
def test_a_lantern_area_fuller_than_the_card_swaps_allow_is_refused() -> None:
    """r21 (the 5,000-card lantern) and the class: a lantern area holds at most
    ``lantern_most`` cards; longer is refused before anything is read of it, in both
    forms, with a short message."""
    g = game(players=2)
    doc = first(g, "take")
    doc["families"][0]["lantern"] = list(range(lantern_most(g) + 1))
    refused(g, doc, "families[0].lantern")
    short = {"game": "castle", "settings": {"players": 2},
             "families": [{"coins": 5, "lantern": ["r1"] * 5000}, {}]}  # fmt: skip
    with pytest.raises(MalformedPosition) as err:
        g.state_from_json(short)
    assert len(err.value.problems) == 1
    assert "at most 12" in err.value.problems[0]


@pytest.mark.rule("castle.solo.actions")
def test_more_rival_actions_waiting_than_two_cards_give_are_refused() -> None:
    g = game(players=1, difficulty="easy")
    s = next(s for s in walk(g, 1) if s.solo is not None and s.solo.tasks)
    doc = copy.deepcopy(s.to_json())
    doc["solo"]["tasks"] = doc["solo"]["tasks"] * 5
    refused(g, doc, "solo.tasks")


@pytest.mark.rule("castle.turn.field_actions", "castle.actions.card_swap")
@pytest.mark.parametrize("kw", VARIANTS, ids=str)
def test_random_play_stays_within_the_derived_list_bounds(kw: dict[str, Any]) -> None:
    """Play never goes past the bounds the loader applies: the agenda's depth, each
    frame's tasks, the lantern areas, the rival's actions waiting."""
    g = game(**kw)
    for seed in range(3):
        for s in walk(g, seed):
            assert len(s.agenda) <= agenda_depth(g)
            assert all(len(frame) <= MAX_TASKS for frame in s.agenda)
            seats = (*s.families, *(() if s.rival is None else (s.rival,)))
            assert all(len(f.lantern) <= lantern_most(g) for f in seats)
            assert s.solo is None or len(s.solo.tasks) <= rival_tasks_most(g)
