"""Each card of The White Castle lies in one place at most (found after issue 22): the
engine form (``state.to_json()``) is refused like the short form when a card is held by two
families, held and in a room, held and in a deck, held and still laid out, or a ♦ card is in
a game of one or two players; and no state random play reaches is refused by the check."""

from __future__ import annotations

import copy
import functools
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulespec
from rulespec.castle.position import card_problems
from rulespec.castle.state import Phase, State
from rulespec.errors import MalformedPosition

VARIANTS: tuple[dict[str, Any], ...] = rulespec.spec("castle").variants(options=False)
"""Every column of the White Castle's variant table (each player count, each solo
difficulty), with the default options."""


@functools.cache
def game(**kw: Any) -> Any:
    return rulespec.game("castle", **kw)


def reached(g: Any, seed: int, phase: Phase = Phase.TAKE, skip: int = 0) -> State:
    """A state of a seeded random game in ``phase`` (after ``skip`` such states)."""
    rng = random.Random(seed)
    s: State = g.new_game(seed=seed)
    while not (s.phase is phase and skip == 0):
        skip -= s.phase is phase
        s = rulespec.random_step(s, rng)
    return s


def refused(g: Any, doc: dict[str, Any], match: str) -> None:
    """``doc`` (an engine-form position) is refused with a problem that contains ``match``."""
    with pytest.raises(MalformedPosition) as err:
        g.state_from_json(doc)
    assert any(match in p for p in err.value.problems), err.value.problems


def places(s: State) -> Counter[tuple[str, int]]:
    """Every card the state places, counted where it lies (written apart from the engine's
    check, from the box's contents, castle.components.counts): starting cards by kind and
    index, castle cards by index."""
    t, actions = s.game.tables, len(s.game.data.actions)
    found: Counter[tuple[str, int]] = Counter()
    for r, a in s.display:
        found.update([("resource", r)] if r is not None else [])
        found.update([("action", a)] if a is not None else [])
    found.update(("castle", c) for c in (*s.deck1, *s.deck2, *s.rooms) if c is not None)
    fams = [*s.families, *([s.rival] if s.rival is not None else [])]
    for fam in fams:
        if fam.card is not None:
            found[
                ("action", fam.card) if fam.card < actions else ("castle", fam.card - actions)
            ] += 1
        for x in fam.lantern:
            if x < t.bonus_source:
                found[("resource", x - t.resource_source)] += 1
            elif x < t.action_source:
                found[("bonus", x - t.bonus_source)] += 1
            elif x < t.castle_source:
                found[("action", x - t.action_source)] += 1
            else:
                found[("castle", x - t.castle_source)] += 1
    return found


# --- the engine form refuses a card in two places ---------------------------------------


def _row_card(doc: dict[str, Any], seat: int) -> int:
    card: int = doc["families"][seat]["card"]
    return card


@pytest.mark.rule("castle.components.counts")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_card_two_families_hold_is_refused(players: int) -> None:
    g = game(players=players)
    doc = copy.deepcopy(reached(g, 1).to_json())
    doc["families"][1]["card"] = _row_card(doc, 0)
    refused(g, doc, "families[1].card: the card also lies at families[0].card; each card is "
            "in one place (castle.components.counts)")  # fmt: skip
    doc = copy.deepcopy(reached(g, 1).to_json())
    doc["families"][1]["lantern"].append(doc["families"][0]["lantern"][0])
    refused(g, doc, "the card also lies at families[0].lantern[0]; each card is in one place "
            "(castle.components.counts)")  # fmt: skip


@pytest.mark.rule("castle.components.counts")
def test_a_card_twice_in_one_lantern_area_or_beside_the_rows_and_in_it_is_refused() -> None:
    g = game(players=2)
    doc = copy.deepcopy(reached(g, 2).to_json())
    fam = doc["families"][0]
    fam["lantern"].append(fam["lantern"][0])
    refused(g, doc, "families[0].lantern[")
    doc = copy.deepcopy(reached(g, 2).to_json())
    fam = doc["families"][0]
    fam["lantern"].append(g.tables.action_source + fam["card"])  # its own row card, flipped
    refused(g, doc, "the card also lies at families[0].card; each card is in one place")


@pytest.mark.rule("castle.components.counts", "castle.setup.pairs")
def test_a_starting_card_held_and_still_laid_out_is_refused() -> None:
    g = game(players=3)
    s = reached(g, 3)
    left = next(k for k, (r, a) in enumerate(s.display) if r is not None and a is not None)
    doc = copy.deepcopy(s.to_json())
    doc["families"][2]["card"] = doc["display"][left][1]
    refused(g, doc, f"families[2].card: the card also lies at display[{left}]; each card is "
            "in one place (castle.components.counts)")  # fmt: skip
    doc = copy.deepcopy(s.to_json())
    doc["families"][0]["lantern"].append(g.tables.resource_source + doc["display"][left][0])
    refused(g, doc, f"the card also lies at display[{left}]")


@pytest.mark.rule("castle.actions.card_swap")
@pytest.mark.parametrize("players", [1, 2, 4])
def test_a_castle_card_held_and_in_a_room_is_refused(players: int) -> None:
    g = game(players=players, **({"difficulty": "easy"} if players == 1 else {}))
    s = reached(g, 4)
    room = s.rooms[0]
    assert room is not None
    name = g.tables.cards[room].id
    doc = copy.deepcopy(s.to_json())
    doc["families"][0]["card"] = len(g.data.actions) + room
    refused(g, doc, f"families[0].card: castle card {name} also lies in rooms[0]; a family "
            "takes a room's card, which a deck replaces (castle.actions.card_swap)")  # fmt: skip
    doc = copy.deepcopy(s.to_json())
    doc["families"][0]["lantern"].append(g.tables.castle_source + room)
    refused(g, doc, f"castle card {name} also lies in rooms[0]")


@pytest.mark.rule("castle.actions.card_swap")
@pytest.mark.parametrize("deck", ["deck1", "deck2"])
def test_a_castle_card_held_and_in_a_deck_is_refused(deck: str) -> None:
    g = game(players=3)
    s = reached(g, 5)
    doc = copy.deepcopy(s.to_json())
    card = doc[deck][0]
    name = g.tables.cards[card].id
    doc["families"][1]["card"] = len(g.data.actions) + card
    refused(g, doc, f"families[1].card: castle card {name} also lies in {deck}; a family "
            "takes a room's card, which a deck replaces (castle.actions.card_swap)")  # fmt: skip
    doc = copy.deepcopy(s.to_json())
    doc["families"][2]["lantern"].append(g.tables.castle_source + card)
    at = len(doc["families"][2]["lantern"]) - 1
    refused(g, doc, f"families[2].lantern[{at}]: castle card {name} also lies in {deck}")


@pytest.mark.rule("castle.components.counts", "castle.solo.setup")
def test_the_solo_rival_holding_the_players_card_is_refused() -> None:
    g = game(players=1, difficulty="medium")
    doc = copy.deepcopy(reached(g, 6).to_json())
    doc["rival"]["card"] = _row_card(doc, 0)
    refused(g, doc, "rival.card: the card also lies at families[0].card")


@pytest.mark.rule("castle.setup.two_player_cards")
@pytest.mark.parametrize("settings", [{"players": 2}, {"players": 1, "difficulty": "hard"}])
def test_a_diamond_card_with_one_or_two_players_is_refused(settings: dict[str, Any]) -> None:
    g = game(**settings)
    diamond = min(c for c in g.tables.three_four if g.tables.level_of[c] == 1)
    s = reached(g, 7)
    doc = copy.deepcopy(s.to_json())
    doc["deck1"] = sorted([*doc["deck1"], diamond])
    refused(g, doc, "deck1: a ♦ castle card, used with three or four families only "
            "(castle.setup.two_player_cards)")  # fmt: skip
    doc = copy.deepcopy(s.to_json())
    doc["families"][0]["card"] = len(g.data.actions) + diamond
    refused(g, doc, "families[0].card: a ♦ castle card")
    # with three families the same card is in the box: a deck may hold it
    three = game(players=3)
    assert diamond in three.initial_state().deck1


@pytest.mark.rule("castle.components.counts", "castle.setup.pairs")
def test_a_bonus_card_two_families_hold_is_refused() -> None:
    # the box holds each bonus card once, shown on one resource card (the data loader
    # refuses a bonus card two resource cards show): two families holding b1 is refused
    g = game(players=2)
    doc = copy.deepcopy(reached(g, 8).to_json())
    b1 = g.tables.bonus_source
    for fam in doc["families"]:
        fam["lantern"].append(b1)
    refused(g, doc, "families[1].lantern[")


@pytest.mark.rule("castle.setup.two_player_cards", "castle.solo.symbols")
def test_a_diamond_card_among_the_solo_rivals_discards_is_refused() -> None:
    # the short form: the rival's ascents discard room cards, never one setup left out
    g = game(players=1, difficulty="easy")
    doc: dict[str, Any] = {"game": "castle", "settings": {"players": 1, "difficulty": "easy"},
                           "discarded": ["l1-09", "l1-10"]}  # fmt: skip
    refused(g, doc, "discarded[1]: a ♦ castle card, used with three or four families only "
            "(castle.setup.two_player_cards)")  # fmt: skip
    doc["discarded"] = ["l1-09"]
    nine = [c.id for c in g.tables.cards].index("l1-09")
    assert nine not in g.state_from_json(doc).deck1


# --- random play never reaches a state the check refuses ----------------------------------


@pytest.mark.rule("castle.components.counts", "castle.actions.card_swap")
@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: f"{v['players']}-{v['difficulty']}")
@settings(max_examples=20)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_play_keeps_every_card_in_one_place(variant: dict[str, Any], seed: int) -> None:
    g = game(**variant)
    rng = random.Random(seed)
    s: State = g.initial_state()
    steps = 0
    while True:
        steps += 1
        assert card_problems(s) == [], (variant, seed, s.step)
        doubled = [k for k, n in places(s).items() if n > 1]
        assert not doubled, (variant, seed, s.step, doubled)
        if s.is_terminal:
            break
        s = rulespec.random_step(s, rng)
    assert g.state_from_json(s.to_json()) == s
    assert s.round == 3, steps  # a whole game was played
