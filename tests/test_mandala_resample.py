"""Mandala's resampler draws the fair shuffle conditioned on the seat's view, exactly.

On small positions every history the seat cannot tell from the real one is enumerated by
brute force, with the probabilities of the game's own chance outcomes, and the resampled
histories' frequencies are compared with them: seeded, per history within five standard
deviations (a tolerance that still catches a wrongly weighted case), all of them at once
by a chi-square test (which also catches a bias spread thinly over many histories), and
never a history the enumeration rules out. Both ways of drawing the last epoch (exact
counting and the exact rejection step) are checked on every position. A property test
resamples states of random 2-, 3- and 4-player games.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulespec
from rulespec.core import history as histories
from rulespec.mandala import last_epoch
from rulespec.mandala import resample as mandala_resample
from rulespec.mandala.actions import DrawCard, Play
from rulespec.mandala.components import COLOURS, FULL_DECK, NO_CARDS, add
from rulespec.mandala.hidden import Timeline, unseen
from tests.sampling import chi_square, fits, within

Key = tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]
"""The other seats' hands at the root and the colours of their draws, in order."""


# --- positions ------------------------------------------------------------------------


def small_mandala() -> Any:
    """Two players, few unseen cards (most are in the open discard pile): seat 0 plays and
    draws (the draw pile runs out and the discard pile is shuffled in), seat 1 plays red
    and draws a card."""
    game = rulespec.game("mandala", players=2)
    rng = random.Random(4)
    state = game.new_game(rng=rng)
    hand0 = state.hands[0]
    hand1 = add(add(NO_CARDS, 0, 1), 2, 1)  # one black, one red
    deck = add(add(NO_CARDS, 2, 1), 3, 1)  # one red, one green
    rest = list(FULL_DECK)
    for pile in (hand0, hand1, deck):
        for c in COLOURS:
            rest[c] -= pile[c]
    for area in state.mandalas:
        for pile in (*area.up, *area.down):
            for c in COLOURS:
                rest[c] -= pile[c]
    root = state.but(hands=(hand0, hand1), deck=deck, discard=tuple(rest))
    assert root.problems() == ()
    play0 = next(a for a in root.legal_actions() if isinstance(a, Play) and a.count == 1)
    current = root.apply(play0)
    while current.is_chance:
        current = current.apply(current.sample_chance(rng))
    red = next(a for a in current.legal_actions() if isinstance(a, Play) and a.colour == COLOURS[2])
    current = current.apply(red)
    return current.apply(current.sample_chance(rng))


def sunk_mandala(players: int, seed: int, steps: int) -> Any:
    """A position with few cards any seat cannot see, then ``steps`` of seeded play.

    From a fresh game, the hands, the draw pile and the discard pile get a few cards of
    two or three colours; every other card lies in the mandalas (face down in one of a
    tile's colours, else face up for seat 0, who then holds that mandala's marker). Play
    is random but mostly single cards, which make the seats draw, so the small piles run
    out and are reshuffled."""
    game = rulespec.game("mandala", players=players)
    rng = random.Random(seed)
    state = game.new_game(rng=rng)
    colours = rng.sample(range(6), rng.choice((2, 3)))

    def pile(size: int) -> tuple[int, ...]:
        counts = [0] * 6
        for _ in range(size):
            counts[rng.choice(colours)] += 1
        return tuple(counts)

    hands = tuple(pile(rng.choice((2, 3))) for _ in range(players))
    deck = pile(rng.randrange(1, 4))
    discard = pile(rng.randrange(3, 9))
    rest = list(FULL_DECK)
    for counts in (*hands, deck, discard):
        for c in range(6):
            rest[c] -= counts[c]
    areas = list(state.mandalas)
    ups = [[list(x) for x in a.up] for a in areas]
    downs = [[list(x) for x in a.down] for a in areas]
    markers = [a.marker for a in areas]
    face_up = [0, 0, 0]
    for c in range(6):
        tiled = [m for m, a in enumerate(areas) if any(t.colour == c for t in a.tiles)]
        if tiled:
            downs[tiled[0]][0][c] += rest[c]
        elif rest[c]:
            m = min(range(3), key=lambda k: face_up[k])
            ups[m][0][c] += rest[c]
            face_up[m] += 1
            markers[m] = 0
    root = state.but(
        hands=hands,
        deck=deck,
        discard=discard,
        mandalas=tuple(
            a.but(
                up=tuple(tuple(x) for x in ups[m]),
                down=tuple(tuple(x) for x in downs[m]),
                marker=markers[m],
            )
            for m, a in enumerate(areas)
        ),
    )
    assert root.problems() == ()
    current = game.state_from_json(root.to_json())  # a position: the root of its history
    for _ in range(steps):
        if current.is_terminal:
            break
        if current.is_chance:
            current = current.apply(current.sample_chance(rng))
        else:
            legal = current.legal_actions()
            singles = [a for a in legal if isinstance(a, Play) and a.count == 1]
            choice = singles if singles and rng.random() < 0.8 else legal
            current = current.apply(rng.choice(choice))
    assert not current.is_terminal
    return current


# --- brute force ------------------------------------------------------------------------


def root_deals(root: Any, player: int) -> Iterator[tuple[tuple[tuple[int, ...], ...], Fraction]]:
    """Every deal of the cards ``player`` cannot see at the root to the other hands (the
    rest is the draw pile), with its probability when the cards are shuffled fairly."""
    others = [s for s in range(root.players) if s != player]
    cards = unseen(root, player)
    sizes = [sum(root.hands[s]) for s in others]
    orders = Fraction(
        math.factorial(sum(cards)),
        math.prod(math.factorial(k) for k in sizes) * math.factorial(sum(cards) - sum(sizes)),
    )

    def hands(left: list[int], size: int, c: int = 0) -> Iterator[tuple[int, ...]]:
        if c == 5:
            if size <= left[5]:
                yield (size,)
            return
        for n in range(min(size, left[c]) + 1):
            for tail in hands(left, size - n, c + 1):
                yield (n, *tail)

    def deal(k: int, left: list[int]) -> Iterator[tuple[tuple[int, ...], ...]]:
        if k == len(others):
            yield ()
            return
        for hand in hands(left, sizes[k]):
            for rest in deal(k + 1, [x - n for x, n in zip(left, hand, strict=True)]):
                yield (hand, *rest)

    for dealt in deal(0, list(cards)):
        deck = [x - sum(h[c] for h in dealt) for c, x in enumerate(cards)]
        ways = math.prod(math.factorial(x) for x in cards) / math.prod(
            math.factorial(n) for counts in (*dealt, deck) for n in counts
        )
        yield dealt, Fraction(ways) / orders


def conditioned(state: Any, player: int) -> tuple[dict[Key, Fraction], Fraction]:
    """The histories ``player`` cannot tell from ``state``'s, each with its probability
    given what the seat saw; and the probability that a fair deal fits the public plays
    (given the seat's own draws), which is what rejecting unfit deals would keep."""
    root, actions = histories.walk(state)
    others = [s for s in range(root.players) if s != player]
    seen = str(state.information_state(player))
    found: dict[Key, Fraction] = {}
    for dealt, p in root_deals(root, player):
        hands = list(root.hands)
        for s, h in zip(others, dealt, strict=True):
            hands[s] = h
        deck = tuple(x - sum(h[c] for h in dealt) for c, x in enumerate(unseen(root, player)))
        stack = [(root.but(hands=tuple(hands), deck=deck), 0, p, ())]
        while stack:
            current, i, weight, draws = stack.pop()
            if i == len(actions):
                assert str(current.information_state(player)) == seen
                key = (dealt, draws)
                found[key] = found.get(key, Fraction(0)) + weight
                continue
            action = actions[i]
            if isinstance(action, DrawCard) and current.seat != player:
                for outcome, q in current.chance_outcomes():
                    after = current.apply(outcome)
                    stack.append((after, i + 1, weight * q, (*draws, outcome.colour)))
                continue
            if current.is_chance:
                weight *= dict(current.chance_outcomes()).get(action, Fraction(0))
            if weight and action in current.legal_actions():  # else a seat could not play it
                stack.append((current.apply(action), i + 1, weight, draws))
    fits = sum(found.values())
    return {k: w / fits for k, w in found.items()}, fits / own_draws(state, player)


def own_draws(state: Any, player: int) -> Fraction:
    """The probability of ``player``'s own draws under a fair shuffle, plays ignored: the
    draw pile alone decides it (reshuffles bring back the discard pile, which is public)."""
    root, actions = histories.walk(state)
    total = Fraction(0)
    for dealt, p in root_deals(root, player):
        deck = tuple(x - sum(h[c] for h in dealt) for c, x in enumerate(unseen(root, player)))
        piles = {deck: p}
        current = root
        for action in actions:
            if isinstance(action, DrawCard):
                if not any(current.deck):  # reshuffled: the public discard pile is the pile
                    piles = {tuple(current.discard): sum(piles.values())}
                new: dict[tuple[int, ...], Fraction] = {}
                for pile, w in piles.items():
                    size = sum(pile)
                    drawn = [action.colour] if current.seat == player else range(6)
                    for c in drawn:
                        if pile[c]:
                            after = tuple(n - (k == c) for k, n in enumerate(pile))
                            new[after] = new.get(after, Fraction(0)) + w * Fraction(pile[c], size)
                piles = new
            current = current.apply(action)
        total += sum(piles.values())
    return total


def key_of(state: Any, player: int) -> Key:
    root, actions = histories.walk(state)
    hands = tuple(root.hands[s] for s in range(root.players) if s != player)
    draws = []
    current = root
    for action in actions:
        if isinstance(action, DrawCard) and current.seat != player:
            draws.append(action.colour)
        current = current.apply(action)
    return hands, tuple(draws)


# --- exact comparisons ------------------------------------------------------------------

POSITIONS = {
    "two seats": small_mandala,
    "three seats": lambda: sunk_mandala(3, 39, 12),
    "four seats": lambda: sunk_mandala(4, 38, 12),
    "four seats, tight": lambda: sunk_mandala(4, 10, 18),
}
"""Small positions, each with a reshuffle; a few cards stay in the pile in the first
three, and in the last a fair deal fits the plays only a few times in a hundred."""
CASES = [
    ("two seats", 0),
    ("three seats", 0),
    ("three seats", 1),
    ("four seats", 1),
    ("four seats", 2),
    ("four seats, tight", 1),
    ("four seats, tight", 3),
]


@pytest.fixture(params=["counted", "rejection"])
def method(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The way the last epoch is drawn: exact counting, or the exact rejection step
    (forced by a work limit below anything)."""
    if request.param == "rejection":
        monkeypatch.setattr(last_epoch, "EXACT_WORK", -1)
    mandala_resample.cache_clear()
    yield request.param
    mandala_resample.cache_clear()


@pytest.mark.parametrize(("name", "player"), CASES, ids=str)
def test_mandala_resampling_matches_the_conditioned_fair_shuffle_exactly(
    name: str, player: int, method: str
) -> None:
    state = POSITIONS[name]()
    target, _ = conditioned(state, player)
    assert len(target) >= 4
    assert len(Timeline(player, *histories.walk(state)).epochs) >= 2  # a reshuffle
    deal = mandala_resample.sampler(player, *histories.walk(state))
    assert deal.ending.counted == (method == "counted")
    rng = random.Random(player)
    n = 2000
    seen = Counter(key_of(state.resample(player, rng), player) for _ in range(n))
    assert set(seen) <= set(target)
    for key, p in target.items():
        assert within(seen[key], n, p), (key, seen[key], float(p) * n)
    assert fits(seen, target, n), chi_square(seen, target, n)


def test_fair_deals_rarely_fit_the_plays_of_the_tight_position() -> None:
    """Where rejecting unfit fair deals would throw away over nine in ten, the sampler
    still draws exactly (above)."""
    state = POSITIONS["four seats, tight"]()
    for player in range(4):
        _, fit = conditioned(state, player)
        assert fit < Fraction(1, 10)


# --- random play ------------------------------------------------------------------------


def random_game(players: int, seed: int, **options: str) -> list[Any]:
    game = rulespec.game("mandala", players=players, **options)
    rng = random.Random(seed)
    state = game.initial_state()
    states = [state]
    while not state.is_terminal:
        state = state.apply(
            state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions())
        )
        states.append(state)
    return states


@settings(max_examples=24)
@given(
    players=st.sampled_from((2, 3, 4)),
    seed=st.integers(0, 2**16),
    point=st.floats(0.0, 1.0),
    seat=st.integers(0, 3),
)
def test_resampled_states_of_random_games_look_the_same_and_play_on(
    players: int, seed: int, point: float, seat: int
) -> None:
    states = random_game(players, seed)
    state = states[min(int(point * len(states)), len(states) - 2)]
    player = seat % players
    new = state.resample(player, random.Random(seed))
    assert str(new.information_state(player)) == str(state.information_state(player))
    assert new.problems() == ()
    assert len(new.history()) == len(state.history())
    end, _ = rulespec.playout(new, random.Random(seed + 1))
    assert end.is_terminal


@pytest.mark.rule("mandala.draw.reshuffle_timing")
def test_a_pile_replaced_at_once_starts_a_new_epoch_of_the_sampler() -> None:
    """With reshuffle = 'when_empty' the discard pile becomes the pile in the step that
    draws the last card (ruling mandala.draw.reshuffle_timing); the sampler's timeline
    starts its new epoch there, so resampled states show each seat what it saw."""
    replaced = 0
    for seed in range(3):
        states = random_game(2, seed, reshuffle="when_empty")
        for before, after in itertools.pairwise(states):
            if sum(before.deck) and sum(after.deck) > sum(before.deck):
                replaced += 1
        for state in states[40:-1:60]:
            if state.is_chance:
                continue
            for player in range(2):
                new = state.resample(player, random.Random(seed))
                assert str(new.information_state(player)) == str(state.information_state(player))
                assert new.problems() == ()
    assert replaced  # the case under test happened
