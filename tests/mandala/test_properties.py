"""Properties of whole Mandala games: seeded random play of every variant to the end, with
the invariants checked after every step, and hidden information that really is hidden."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, cast

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import rulespec
from rulespec.mandala import Phase, State
from rulespec.mandala.components import COLOURS, DARK_TILES, LIGHT_TILES, TILES, Counts
from rulespec.mandala.position import invariant_problems
from rulespec.mandala.scoring import score
from rulespec.testing import games, states

MAX_STEPS = 3000
"""Random games take 200-600 steps (chance included); none may go on for ever."""
SEEDS = range(20)
VARIANTS = [
    pytest.param(players, option, id=f"{players}p-{option}")
    for players in (2, 3, 4)
    for option in ("all", "two_others")
]


def counts(pile: Sequence[int]) -> Counts:
    assert len(pile) == 6
    return cast(Counts, tuple(pile))


def cards_by_colour(state: State) -> list[int]:
    piles = [state.deck, state.discard, *state.hands]
    for m in state.mandalas:
        piles.extend(m.up)
        piles.extend(m.down)
    return [sum(p[c] for p in piles) for c in COLOURS]


def all_tiles(state: State) -> list[Any]:
    tiles = [*state.dark, *state.light]
    for m in state.mandalas:
        tiles.extend(m.tiles)
    for h in state.holdings:
        tiles.extend(h.loose)
        for a, b in h.flowers:
            tiles.extend((a, b))
    return tiles


def check(state: State, previous: State | None) -> None:
    """Every property one state of a random game must have."""
    assert invariant_problems(state) == []
    # 90 cards, 15 of each colour (mandala.components.cards)
    assert cards_by_colour(state) == [15] * 6
    # 36 tiles, each exactly once (mandala.components.tiles)
    tiles = all_tiles(state)
    assert len(tiles) == 36
    assert set(tiles) == set(TILES)
    assert state.dark <= DARK_TILES
    assert state.light <= LIGHT_TILES
    # nobody starts a turn with an empty hand (mandala.hand.never_empty)
    if state.phase is Phase.PLAY:
        assert all(sum(hand) > 0 for hand in state.hands)
        assert state.legal_actions()
    # the marker: with the face-up player holding the most cards, else in the centre
    for m, a in enumerate(state.mandalas):
        if state.phase is Phase.DRAW and m == state.played:
            continue  # the majority check of this turn comes after the draw
        ups, totals = a.ups(), a.totals()
        if any(ups):
            assert a.marker is not None
            assert ups[a.marker] > 0
            assert all(totals[a.marker] >= totals[s] for s in range(state.players) if ups[s])
        else:
            assert a.marker is None
    # flowers are pairs of one colour; loose tiles never pair up
    for h in state.holdings:
        assert all(x.colour == y.colour for x, y in h.flowers)
        assert len({t.colour for t in h.loose}) == len(h.loose)
    if previous is not None:
        # tiles taken stay taken; stacks only shrink; turns only advance
        for before, now in zip(previous.holdings, state.holdings, strict=True):
            assert before.tiles <= now.tiles
            assert now.flower_count >= before.flower_count
        assert state.dark <= previous.dark
        assert state.light <= previous.light
        assert state.turn >= previous.turn
    if state.is_terminal:
        result = state.outcome()
        assert result.scores == tuple(score(h) for h in state.holdings)
        keys = [(result.scores[s], sum(state.hands[s])) for s in range(state.players)]
        assert result.winners == {s for s, k in enumerate(keys) if k == max(keys)}


@pytest.mark.parametrize(("players", "option"), VARIANTS)
def test_random_games_keep_every_invariant_after_every_step(players: int, option: str) -> None:
    game = rulespec.game("mandala", players=players, final_mandalas=option)
    for seed in SEEDS:
        rng = random.Random(seed)
        state = game.initial_state()
        previous = None
        for _ in range(MAX_STEPS):
            check(state, previous)
            if state.is_terminal:
                break
            previous, state = state, rulespec.random_step(state, rng)
        else:
            pytest.fail(f"{players}p {option} seed {seed}: no end after {MAX_STEPS} steps")


# --- hidden information --------------------------------------------------------------------


def reshuffle_hidden(state: State, observer: int, data: st.DataObject) -> State:
    """A state the observer cannot tell from ``state``: cards swapped between the draw pile
    and the other players' hands (every pile keeps its size)."""
    piles = {"deck": list(state.deck)}
    piles.update({f"hand{s}": list(h) for s, h in enumerate(state.hands) if s != observer})
    for _ in range(data.draw(st.integers(min_value=0, max_value=6), label="swaps")):
        filled = sorted(name for name, pile in piles.items() if any(pile))
        if len(filled) < 2:
            break
        x, y = data.draw(st.permutations(filled), label="piles")[:2]
        a = data.draw(st.sampled_from([c for c in COLOURS if piles[x][c]]), label="from x")
        b = data.draw(st.sampled_from([c for c in COLOURS if piles[y][c]]), label="from y")
        piles[x][a] -= 1
        piles[y][b] -= 1
        piles[x][b] += 1
        piles[y][a] += 1
    hands = tuple(
        state.hands[s] if s == observer else tuple(piles[f"hand{s}"]) for s in range(state.players)
    )
    return attrs.evolve(state, deck=counts(piles["deck"]), hands=tuple(map(counts, hands)))


@given(state=states(games(st.just("mandala"))), data=st.data())
def test_an_observation_ignores_what_its_player_cannot_see(state: State, data: Any) -> None:
    """mandala.info.public: other hands and the draw pile are hidden."""
    observer = data.draw(st.integers(min_value=0, max_value=state.players - 1), label="observer")
    twin = reshuffle_hidden(state, observer, data)
    assert invariant_problems(twin) == []  # a consistent state, not just a view
    assert twin.observation(observer) == state.observation(observer)
    # the twin is built by hand, so it has no history: only its step (public) differs
    assert twin.observation(observer).to_json() == {
        **state.observation(observer).to_json(),
        "step": 0,
    }
    for seat in range(state.players):
        if twin.hands[seat] != state.hands[seat]:
            assert twin.observation(seat) != state.observation(seat)


@given(state=states(games(st.just("mandala"))), data=st.data())
def test_an_observation_shows_only_the_sizes_of_the_tile_stacks(state: State, data: Any) -> None:
    """The stacks' contents follow from the tiles in view, so no consistent state can
    differ in them alone; this swaps them anyway (an inconsistent state, for the view
    only) to show the view reads nothing but their sizes."""
    observer = data.draw(st.integers(min_value=0, max_value=state.players - 1), label="observer")
    dark = data.draw(st.permutations(sorted(DARK_TILES)), label="dark")[: len(state.dark)]
    light = data.draw(st.permutations(sorted(LIGHT_TILES)), label="light")[: len(state.light)]
    twin = attrs.evolve(state, dark=frozenset(dark), light=frozenset(light))
    assert twin.observation(observer) == state.observation(observer)


@given(state=states(games(st.just("mandala"))), data=st.data())
def test_an_observation_changes_with_the_players_own_hand(state: State, data: Any) -> None:
    """The converse, so the tests above cannot pass with a constant view."""
    seat = data.draw(st.integers(min_value=0, max_value=state.players - 1), label="seat")
    hand, deck = list(state.hands[seat]), list(state.deck)
    has = [c for c in COLOURS if hand[c]]
    other = [c for c in COLOURS if deck[c] and c not in has]
    if not has or not other:
        return
    a, b = data.draw(st.sampled_from(has)), data.draw(st.sampled_from(other))
    hand[a], hand[b], deck[a], deck[b] = hand[a] - 1, hand[b] + 1, deck[a] + 1, deck[b] - 1
    hands = (*state.hands[:seat], counts(hand), *state.hands[seat + 1 :])
    twin = attrs.evolve(state, deck=counts(deck), hands=hands)
    assert twin.observation(seat) != state.observation(seat)
    for observer in range(state.players):
        if observer != seat:
            assert twin.observation(observer) == state.observation(observer)
