"""Resampling a state from one seat's information state (``state.resample``), for every game
of ``GAMES`` (first and last variant column, and a property test over every variant with
secret choices committed in random seat order), and exhaustive checks of White Lotus's
distribution on small positions (Mandala's: ``test_mandala_resample.py``, White Lotus's out
of turn: ``test_lotus_resample.py``)."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulespec
from rulespec.core import history as histories
from rulespec.core import resample as core
from rulespec.core.resample import ResampleFailed
from rulespec.lotus.actions import Bid
from tests import variants
from tests.sampling import fits, within


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
    assert fits(seen, dict.fromkeys(legal, Fraction(1, len(legal))), n)
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
    assert fits(seen, dict.fromkeys(pairs, Fraction(1, len(pairs))), n)


# --- drawn directly: against a replay, and against history substitution -----------------


def replay(state: Any) -> Any:
    """``state``'s history played again from its root: a state with no memo of its own."""
    root, moves = histories.moves(state)
    current = root
    for action, seat in moves:
        current = histories.play(current, action, seat)
    return current


def points(game: Any, seed: int, shares: tuple[float, ...]) -> list[Any]:
    """States of one seeded game played as at a table (:func:`decide`) at ``shares`` of
    its length, none of them the end."""
    rng = random.Random(seed)
    state = game.initial_state()
    states = [state]
    while not state.is_terminal:
        state = decide(state, rng)
        states.append(state)
    return [states[int(share * (len(states) - 2))] for share in shares]


@pytest.mark.parametrize(
    ("game_id", "settings"),
    variants.played(),
    ids=[variants.label(g, s) for g, s in variants.played()],
)
def test_a_resampled_state_is_the_state_its_history_replays_to(
    game_id: str, settings: dict[str, object]
) -> None:
    """A resample is drawn without replaying anything (its history grafted onto the old
    one): playing its history again from its root gives the same state, step and seats;
    the resampling seat's information state is the original's (carried over), and the
    next seat's, worked out on the grafted history, is the replayed one's, text and
    tensor. Every variant played by the generic suites, up to three seats, the first two
    points of a seeded game (secret choices committed in random seat order) where a
    resample changes something."""
    game = rulespec.game(game_id, **settings)
    n = game.players
    seats = sorted({0, n // 2, n - 1})
    changed = 0
    for state in points(game, 5, tuple(k / 30 for k in range(1, 30))):
        if changed >= 2:
            break
        for p in seats:
            new = state.resample(p, random.Random(p))
            assert str(new.information_state(p)) == str(state.information_state(p))
            if new is state:
                continue
            changed += 1
            again = replay(new)
            assert again == new
            assert again.step == new.step == state.step
            assert [s for _, s in histories.moves(new)[1]] == [
                s for _, s in histories.moves(state)[1]
            ]
            for q in sorted({p, (p + 1) % n}):
                mine, fresh = new.information_state(q), again.information_state(q)
                assert str(mine) == str(fresh), (p, q)
                assert mine.tensor() == fresh.tensor(), (p, q)
            assert new.information_state(p).tensor() == state.information_state(p).tensor()
    assert changed or game_id == "castle"  # the book's cards hide nothing a resample changes


def _lotus_plan(state: Any, player: int, root: Any, actions: Any) -> Any:
    """White Lotus by history substitution from a game's start: every pending commitment
    of another seat redrawn among its legal ones during the replay."""
    from rulespec.lotus import resample as lotus  # noqa: PLC0415

    hidden = dict.fromkeys(lotus._pending(core.Past(state, player)), lotus._LEGAL)
    if root != root.game.initial_state():
        return lotus.plan(state, player, root, actions)
    return lambda rng: hidden


def _substitution(game_id: str) -> tuple[Any, Any]:
    """The game's direct sampler and its history-substitution plan."""
    if game_id == "lotus":
        from rulespec.lotus import resample as lotus  # noqa: PLC0415

        return lotus.build, _lotus_plan
    from rulespec.oriente import resample as oriente  # noqa: PLC0415

    return oriente.build, oriente.plan


@pytest.mark.parametrize(
    ("game_id", "settings"),
    [(g, s) for g, s in variants.played() if g in ("lotus", "oriente")],
    ids=[variants.label(g, s) for g, s in variants.played() if g in ("lotus", "oriente")],
)
def test_direct_draws_are_what_history_substitution_draws_from_the_same_seed(
    game_id: str, settings: dict[str, object]
) -> None:
    """White Lotus and Oriente draw their proposals as history substitution does (the same
    random numbers in the same order), so from one seed the direct sampler and the
    replay that checks every step must give the same state with the same history: the
    direct sampler refuses exactly the proposals the replay refuses (an Oriente Geisha
    that would have ended the game, a position whose view would change) and builds the
    state the replay reaches. History substitution is exact by construction (uniform
    proposals, kept when every step stays legal and looks the same), so the direct
    draws are too. Histories from the start and positions without history."""
    game = rulespec.game(game_id, **settings)
    build, plan = _substitution(game_id)
    checked = 0
    for state in points(game, 9, (0.2, 0.5, 0.8)):
        position = game.state_from_json(state.to_json())
        for s in (state, position):
            for p in range(game.players):
                for seed in range(3):
                    core.cache_clear()
                    direct = core.sample(s, p, random.Random(seed), build)
                    substituted = core.resample(s, p, random.Random(seed), plan)
                    assert direct == substituted, (p, seed)
                    assert histories.moves(direct) == histories.moves(substituted), (p, seed)
                    checked += direct is not s
    assert checked


@pytest.mark.rule("oriente.end.geisha", "oriente.end.geisha_exit")
@pytest.mark.parametrize(
    ("options", "players", "seed", "at"),
    [
        ({}, 4, 0, 124),
        ({"geisha": "player_draws"}, 5, 0, 171),
        ({"geisha": "player_draws", "unclaimed_bonus": "under_deck"}, 6, 1, 166),
    ],
    ids=str,
)
def test_an_oriente_geisha_where_she_would_end_the_game_is_refused_as_the_replay_refuses(
    options: dict[str, object], players: int, seed: int, at: int
) -> None:
    """Late in a game, with the deck's top segment used up, a hidden draw of the middle
    segment could have been the Geisha; where drawing her face down ends the game (as a
    resident always, as a bonus card unless only a player's draw ends it: option geisha)
    the history could not have gone on, so that proposal is refused. The direct sampler
    refuses some proposals here, and from every seed it draws what history substitution
    draws."""
    from rulespec.oriente import resample as oriente  # noqa: PLC0415

    game = rulespec.game("oriente", players=players, **options)
    rng = random.Random(seed)
    state = game.initial_state()
    while state.step < at:
        state = decide(state, rng)
    assert not state.deck.top
    refused = 0
    for p in range(players):
        draw = oriente.build(core.Past(state, p))
        assert draw is not None
        refused += sum(draw(random.Random(k)) is None for k in range(20))
        for k in range(6):
            core.cache_clear()
            direct = core.sample(state, p, random.Random(k), oriente.build)
            substituted = core.resample(state, p, random.Random(k), oriente.plan)
            assert direct == substituted, (p, k)
            assert histories.moves(direct) == histories.moves(substituted), (p, k)
    assert refused
