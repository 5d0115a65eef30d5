"""What a solo player cannot see: which card the solo deck's top card is, when another
card of the shuffled part shows the same bridge side. The default data gives every card
its own bridge side, so these tests play data in which two cards share one."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import attrs
import pytest

import rulespec
from rulespec.castle import CastleGame, State
from rulespec.castle.actions import Deal, Pile
from tests.sampling import fits


def twin_game() -> CastleGame:
    base = rulespec.game("castle", players=1, difficulty="easy")
    solo = list(base.data.solo)
    solo[1] = attrs.evolve(solo[1], colour=solo[0].colour, slot=solo[0].slot, target=solo[0].target)
    data = attrs.evolve(base.data, solo=tuple(solo))
    return CastleGame(base.variant, base.options, data)


def top_is_a_twin(game: CastleGame, seed: int) -> State | None:
    """A state whose hidden top card is card 0 or 1 with the other still shuffled."""
    rng = random.Random(seed)
    s = game.initial_state()
    while not s.is_terminal:
        solo = s.solo
        if (
            solo is not None
            and solo.top in (0, 1)
            and not solo.known
            and (1 - solo.top) in solo.hidden
            and not s.is_chance
        ):
            return s
        s = s.apply(s.sample_chance(rng) if s.is_chance else rng.choice(s.legal_actions()))
    return None


@pytest.mark.rule("castle.solo.deck", "castle.info.decks")
def test_the_top_cards_identity_is_hidden_and_resampled() -> None:
    game = twin_game()
    found = [s for seed in range(40) if (s := top_is_a_twin(game, seed)) is not None]
    assert found
    s = found[0]
    solo = s.solo
    assert solo is not None
    other = 1 - solo.top
    pool = (*solo.hidden, solo.top)
    twin = s.but(solo=solo.but(top=other, hidden=tuple(sorted(c for c in pool if c != other))))
    assert twin != s
    assert twin.observation(0) == s.observation(0)
    assert twin.observation(0).tensor() == s.observation(0).tensor()
    tops: Counter[int | None] = Counter()
    n = 200
    for k in range(n):
        new = s.resample(0, random.Random(k))
        assert new.observation(0) == s.observation(0)
        assert str(new.information_state(0)) == str(s.information_state(0))
        assert new.solo is not None
        tops[new.solo.top] += 1
    assert fits(tops, {0: Fraction(1, 2), 1: Fraction(1, 2)}, n)


@pytest.mark.rule("castle.info.decks")
def test_the_books_solo_cards_each_show_their_own_bridge_side_so_a_resample_changes_nothing() -> (
    None
):
    """With the book's nine solo cards, the bridge side names the card: a resample of a
    solo game returns the state itself wherever it is asked (what the metadata may say:
    no column of The White Castle hides anything a resample could change)."""
    game = rulespec.game("castle", players=1, difficulty="easy")
    sides = [(c.colour, c.slot, c.target) for c in game.data.solo]
    assert len(set(sides)) == len(sides) == 9
    rng = random.Random(4)
    s = game.initial_state()
    asked = 0
    while not s.is_terminal:
        if s.solo is not None and s.solo.top is not None and not s.solo.known:
            assert s.resample(0, random.Random(asked)) is s
            asked += 1
        s = s.apply(s.sample_chance(rng) if s.is_chance else rng.choice(s.legal_actions()))
    assert asked


@pytest.mark.rule("castle.solo.deck")
def test_the_top_deal_is_seen_by_nobody_until_flipped() -> None:
    game = twin_game()
    s = next(s for seed in range(40) if (s := top_is_a_twin(game, seed)) is not None)
    deal = Deal(Pile.SOLO, 0)
    assert game.seen_by(s, deal) == frozenset()


@pytest.mark.rule("castle.solo.deck", "castle.info.decks")
def test_solo_play_is_imperfect_only_on_cards_with_twin_bridge_sides() -> None:
    """The book's nine solo cards show nine bridge sides: the side tells the card, so
    solo play hides nothing (``game.information``); with two cards of one side the top
    card's identity is hidden, and resampling finds it (the test above)."""
    assert rulespec.game("castle", players=1, difficulty="easy").information is (
        rulespec.Information.PERFECT
    )
    assert twin_game().information is rulespec.Information.IMPERFECT
