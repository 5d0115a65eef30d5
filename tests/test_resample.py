"""Resampling a state from one seat's information state (``state.resample``), for every game
of ``GAMES`` (first and last variant column, and a property test over every variant with
secret choices committed in random seat order), and exhaustive checks of White Lotus's
distribution on small positions (Mandala's: ``test_mandala_resample.py``, White Lotus's out
of turn: ``test_lotus_resample.py``)."""

from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulespec
from rulespec.core import history as histories
from rulespec.core.resample import ResampleFailed
from rulespec.lotus.actions import Bid
from tests import variants


def cases() -> list[tuple[str, dict[str, object]]]:
    out = []
    for spec in rulespec.GAMES:
        columns = spec.variants(options=False)
        for column in (columns[0], columns[-1]):
            out.append((spec.id, dict(column)))
    return out


def step(state: Any, rng: random.Random) -> Any:
    return state.apply(
        state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions())
    )


def within(count: int, n: int, p: Fraction) -> bool:
    """``count`` of ``n`` draws is within five standard deviations of ``n * p``."""
    mean = n * float(p)
    return abs(count - mean) <= 5 * math.sqrt(mean * (1 - float(p))) + 1


@pytest.mark.parametrize(("game_id", "settings"), cases(), ids=str)
def test_a_resampled_state_looks_the_same_to_the_seat_and_plays_on(
    game_id: str, settings: dict[str, object]
) -> None:
    game = rulespec.game(game_id, **settings)
    rng = random.Random(3)
    state = game.initial_state()
    points = 0
    while not state.is_terminal and points < 6:
        for _ in range(rng.randrange(5, 60)):
            state = step(state, rng)
            if state.is_terminal:
                break
        if state.is_terminal:
            break
        points += 1
        before = state.to_json()
        history = state.history()
        for p in range(game.players):
            new = state.resample(p, random.Random(p))
            assert str(new.information_state(p)) == str(state.information_state(p))
            assert new.problems() == ()
            assert new.history()
            assert len(new.history()) == len(history)
            again = state.resample(p, random.Random(p))
            assert again == new
            assert again.history() == new.history()
            if p == points % game.players:
                end, _ = rulespec.playout(new, random.Random(points))
                assert end.is_terminal
        assert state.to_json() == before
        assert state.history() == history


@pytest.mark.parametrize(("game_id", "settings"), cases(), ids=str)
def test_a_position_without_history_is_redrawn_from_the_current_view(
    game_id: str, settings: dict[str, object]
) -> None:
    game = rulespec.game(game_id, **settings)
    rng = random.Random(8)
    state = game.initial_state()
    for _ in range(120):
        after = step(state, rng)
        if after.is_terminal:  # a short game (castle solo): resample before its end
            break
        state = after
    position = game.state_from_json(state.to_json())
    assert position.root() is position
    for p in range(game.players):
        new = position.resample(p, random.Random(p))
        assert new.observation(p) == position.observation(p)
        assert str(new.information_state(p)) == str(position.information_state(p))
        assert new.problems() == ()
        assert new.history() == ()
        assert new == position.resample(p, random.Random(p))
        end, _ = rulespec.playout(new, random.Random(p))
        assert end.is_terminal


def decide(state: Any, rng: random.Random) -> Any:
    """One step of seeded play as at a table: a chance outcome drawn, or a seat drawn from
    ``to_act`` (in a round of secret choices, not always the first in the fixed order)
    making a random legal decision."""
    if state.is_chance:
        return state.apply(state.sample_chance(rng))
    seat = rng.choice(sorted(state.to_act))
    return state.apply(rng.choice(state.legal_actions(seat)), player=seat)


def public(state: Any) -> tuple[Any, ...]:
    """What every seat sees of whose turn it is: the seats to act, the current player,
    the step, and who made each step out of turn (who has committed, and when)."""
    _, moves = histories.moves(state)
    return (
        state.to_act,
        state.current_player,
        state.step,
        tuple(seat for _, seat in moves),
    )


@pytest.mark.parametrize("spec", rulespec.GAMES, ids=lambda spec: spec.id)
@settings(max_examples=4)
@given(data=st.data(), seed=st.integers(0, 2**16), decisions=st.integers(0, 90))
def test_every_seat_resamples_a_state_it_cannot_tell_apart_in_play_out_of_turn(
    spec: Any, data: st.DataObject, seed: int, decisions: int
) -> None:
    """For every seat, ``resample`` returns a state with the seat's information state
    and observation, the public facts as they are, and from which play goes on legally;
    or it raises ``ResampleFailed``, never anything else. Every variant column with the
    default options and every other option value once (White Lotus's negotiation option
    included: its gifts are public, so nothing about them is redrawn)."""
    cases = [case for game_id, case in variants.played() if game_id == spec.id]
    variant = data.draw(st.sampled_from(cases), label="variant")
    game = rulespec.game(spec.id, **variant)
    rng = random.Random(seed)
    state = game.initial_state()
    made = 0
    while made < decisions:
        after = decide(state, rng)
        if after.is_terminal:
            break
        made += not state.is_chance
        state = after
    for p in range(game.players):
        try:
            new = state.resample(p, random.Random(seed + p))
        except ResampleFailed:
            continue
        assert str(new.information_state(p)) == str(state.information_state(p))
        assert new.observation(p) == state.observation(p)
        assert public(new) == public(state)
        assert new.problems() == ()
        for _ in range(3):
            if new.is_terminal:
                break
            new = decide(new, rng)


def test_bad_seats_and_finished_games_are_refused() -> None:
    game = rulespec.game("mandala", players=2)
    state = game.new_game(seed=1)
    for seat in (-1, 2, "0", True, 1.0, None):
        with pytest.raises(rulespec.InvalidArgument, match="resample"):
            state.resample(seat, random.Random(0))  # type: ignore[arg-type]
    end, _ = rulespec.playout(state, random.Random(2))
    before = end.to_json()
    with pytest.raises(rulespec.InvalidArgument, match="game is over"):
        end.resample(0, random.Random(0))
    assert end.to_json() == before


# --- White Lotus: pending bids, from a history and from a position ----------------------


def lotus_bid_round() -> Any:
    """Three players, year 1: a conflict round in which seat 1 has bid and seat 2 is to bid."""
    game = rulespec.game("lotus", edition="de", players=3)
    rng = random.Random(0)
    state = game.initial_state()
    while not (state.phase.name == "BID" and state.conflict.bids):
        state = step(state, rng)
    return state


def test_lotus_pending_bids_are_uniform_among_the_legal_ones() -> None:
    state = lotus_bid_round()
    player = 0
    ((seat, _bid),) = state.conflict.bids
    assert seat != player
    legal = state.but(seat=seat).legal_actions()
    rng = random.Random(6)
    n = 40 * len(legal)
    seen: Counter[Any] = Counter()
    for _ in range(n):
        new = state.resample(player, rng)
        ((again, drawn),) = new.conflict.bids
        assert again == seat
        seen[drawn] += 1
    assert set(seen) == set(legal)
    for b in legal:
        assert within(seen[b], n, Fraction(1, len(legal)))
    assert state.resample(seat, rng) is state  # seat 1 knows its own bid: nothing is hidden


def test_lotus_positions_redraw_points_and_commitments_jointly_uniform() -> None:
    state = lotus_bid_round()
    player = 2
    # a position: few points left for the others, so every pair can be listed
    position = state.but(influence=(0, 2, 12), bank=(140, 97), combat=(0, 0, 3))
    position = position.game.state_from_json(position.to_json())
    assert position.problems() == ()
    ((seat, _),) = position.conflict.bids
    pairs = []
    assert seat == 1
    for mine in range(3):
        influence = (2 - mine, mine, 12)
        bidder = position.but(influence=influence, seat=seat)
        pairs.extend((influence, b) for b in bidder.legal_actions())
    rng = random.Random(7)
    n = 40 * len(pairs)
    seen: Counter[Any] = Counter()
    for _ in range(n):
        new = position.resample(player, rng)
        ((_, drawn),) = new.conflict.bids
        assert isinstance(drawn, Bid)
        assert new.combat == position.combat
        seen[(new.influence, drawn)] += 1
    assert set(seen) == set(pairs)
    for pair in pairs:
        assert within(seen[pair], n, Fraction(1, len(pairs)))
