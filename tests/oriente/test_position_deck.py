"""Oriente positions that name only the cards that matter (issue 22): a deck given by its
segments (``left``, or ``top``/``middle``/``bottom``), the cards it must hold and the piles
under it is completed into a legal deck, deterministically; what cannot be completed is
refused, naming the field and the rule."""

from __future__ import annotations

import random
from typing import Any

import pytest

import rulespec
from rulespec.core.play import random_step
from rulespec.oriente.components import DECK_CARDS, TREASURES, Card

RESIDENTS = ["daimyo", "samurai", "nofu", "akindo"]


def load(deck: Any, piles: Any = None, **more: Any) -> Any:
    data: dict[str, Any] = {
        "game": "oriente",
        "settings": {"players": 4},
        "residents": RESIDENTS,
        "deck": deck,
        **more,
    }
    if piles is not None:
        data["piles"] = piles
    return rulespec.game("oriente", players=4).state_from_json(data)


def refused(deck: Any, piles: Any = None) -> str:
    with pytest.raises(rulespec.MalformedPosition) as caught:
        load(deck, piles)
    return str(caught.value)


def _all_cards(state: Any) -> list[int]:
    """Every deck card in play, per kind: residents, piles, the deck and under it."""
    total = [0] * len(DECK_CARDS)
    for card in state.residents:
        total[card] += 1
    for pile in (*state.piles, state.deck.pool, *state.deck.under, state.bonus):
        for kind, n in enumerate(pile):
            total[kind] += n
    return total


@pytest.mark.rule("oriente.setup.deck", "oriente.components.cards")
def test_a_late_deck_in_a_few_lines() -> None:
    """Six cards left with the Geisha among them: two in the middle segment, four in the
    bottom one; the 31 cards drawn before lie in the piles left out."""
    state = load(
        {"left": 6, "holds": {"geisha": 1}}, [{"ninja": 2, "treasure_2": 1}, None, None, None]
    )
    deck = state.deck
    assert (deck.top, deck.middle, deck.bottom) == (0, 2, 4)
    assert deck.pool[Card.GEISHA] == 1
    assert sum(deck.pool) == 6
    assert (
        state.piles[0]
        == load({"left": 6}, [{"ninja": 2, "treasure_2": 1}, None, None, None]).piles[0]
    )
    assert _all_cards(state)[: Card.GEISHA + 1] == list(DECK_CARDS[: Card.GEISHA + 1])
    assert state.problems() == ()
    assert (
        load({"left": 6, "holds": {"geisha": 1}}, [{"ninja": 2, "treasure_2": 1}, None, None, None])
        == state
    )
    again = state.game.state_from_json(state.to_json())
    assert again == state


@pytest.mark.rule("oriente.setup.discs")
def test_each_pile_left_out_gets_one_treasure() -> None:
    state = load("rest")
    treasures = [sum(p[c] for c in Card if TREASURES[c]) for p in state.piles]
    assert treasures == [1, 1, 1, 1]
    assert [p[Card.TREASURE_2] for p in state.piles] == [1, 0, 0, 1]  # 2, 3, 4, then 2 again


def test_segments_left_out_follow_the_draw_order() -> None:
    geisha_placed = [{"geisha": 1, "treasure_2": 1}, None, None, None]
    sizes = {
        "top 3": ({"top": 3}, None, (3, 5, 4)),
        "middle 2": ({"middle": 2}, None, (0, 2, 4)),
        "bottom 1": ({"bottom": 1}, geisha_placed, (0, 0, 1)),
        "left 12": ({"left": 12}, None, (3, 5, 4)),
    }
    for name, (deck, piles, want) in sizes.items():
        state = load(deck, piles)
        assert (state.deck.top, state.deck.middle, state.deck.bottom) == want, name


@pytest.mark.rule("oriente.fight.under_order")
def test_piles_under_the_deck_come_from_the_cards_placed_nowhere() -> None:
    state = load({"left": 9, "under": [{"samurai": 2}]})
    assert state.deck.under == (tuple(2 if k == Card.SAMURAI else 0 for k in Card),)
    assert _all_cards(state)[Card.SAMURAI] == DECK_CARDS[Card.SAMURAI]


def test_a_completed_position_plays_on() -> None:
    state = load({"left": 7, "holds": {"geisha": 1}})
    rng = random.Random(3)
    for _ in range(300):
        if state.is_terminal:
            break
        state = random_step(state, rng)
        assert state.problems() == ()


@pytest.mark.rule("oriente.setup.deck")
def test_the_shogun_cannot_be_held_below_the_top_segment() -> None:
    assert "deck.holds" in refused({"left": 6, "holds": {"shogun": 1}})
    assert "(oriente.setup.deck)" in refused({"left": 6, "holds": {"shogun": 1}})
    assert "deck.holds" in refused({"top": 5, "holds": {"geisha": 1}, "middle": 0})


@pytest.mark.rule("oriente.components.cards")
def test_cards_named_twice_or_left_nowhere_are_refused() -> None:
    twice = refused(
        {"top": 3, "holds": {"ninja": 3}}, [{"ninja": 2, "treasure_2": 1}, None, None, None]
    )
    assert "deck.holds: 3 ninja named in the deck, but only 1" in twice
    assert "(oriente.components.cards)" in twice
    nowhere = refused({"left": 6}, [{"treasure_2": 1}] * 4)
    assert "piles: 31 cards are neither placed nor in the deck" in nowhere


@pytest.mark.rule("oriente.end.geisha")
def test_a_geisha_with_no_place_is_refused() -> None:
    assert "(oriente.end.geisha)" in refused({"left": 4})


def test_bad_segment_sizes_and_keys_are_refused() -> None:
    assert "deck.left: a whole number from 0 to 41, got 60" in refused({"left": 60})
    assert "deck.left: give the cards left or the segments, not both" in refused(
        {"left": 6, "top": 0}
    )
    assert "unknown key 'geisha'" in refused({"left": 6, "geisha": 1})
    text = refused({"pool": {}, "top": 0, "middle": 0, "bottom": 0}, [None] * 4)
    assert "piles: a pile left out (null)" in text
