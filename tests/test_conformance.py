"""The contract every game keeps, checked for every game in rulespec.GAMES and every variant.

Like OpenSpiel's api_test: nothing here knows the rules of a particular game. States come
from seeded random playouts and from :func:`rulespec.testing.states`; each is checked for
legal-action order, chance probabilities, applying every legal action, rejecting illegal
ones without change, never mutating, JSON and record round trips, outcomes and errors.
"""

from __future__ import annotations

import copy
import json
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import Phase, find, given, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

import rulespec
from rulespec.errors import bounded
from rulespec.testing import games, legal_actions, positions, states
from tests.variants import label, played

REPO = Path(__file__).resolve().parents[1]
MAX_STEPS = 5000
"""No game of any variant may take longer than this in random play."""
SHORT_GAME = 600
"""Steps checked state by state in a variant with long random games (the negotiation
variant's gift windows make random games thousands of steps long); the default options
are always checked over whole games."""
EVERY_ACTION = 16
"""States with at most this many legal actions apply every one of them."""
EVERY_STATE = 10
"""Every EVERY_STATE-th state of a game applies every legal action, however many."""


def _variant_params() -> list[Any]:
    """(game id, settings) for every case of tests/variants.py: every column with the
    default options and every other option value once (the playthroughs' cases)."""
    return [pytest.param((g, s), id=label(g, s)) for g, s in played()]


VARIANTS = _variant_params()


@pytest.fixture(params=VARIANTS)
def game(request: pytest.FixtureRequest) -> Any:
    game_id, settings_ = request.param
    return rulespec.game(game_id, **settings_)


def long_games(game: Any) -> bool:
    """Variants whose random games run to thousands of steps (negotiation windows)."""
    return bool(game.settings().get("negotiation") == "on")


def play(game: Any, seed: int, steps: int | None = None) -> Iterator[tuple[Any, Any]]:
    """(state, action applied to it) along one seeded random game; the last action is None.
    With ``steps`` the game stops early (the last pair is then (state, None) too)."""
    rng = random.Random(seed)
    state = game.initial_state()
    for step in range(MAX_STEPS):
        if steps is not None and step >= steps:
            yield state, None
            return
        if state.is_terminal:
            yield state, None
            return
        action = state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions())
        yield state, action
        state = state.apply(action)
    pytest.fail(f"{game.settings()} seed {seed}: no end after {MAX_STEPS} steps")


def snapshot(state: Any) -> tuple[Any, Any]:
    """A deep copy of ``state`` and its JSON text. The game a state refers to (its rules,
    variant and board: immutable, shared by every state of the game) is not copied, so the
    copy costs what the state itself holds."""
    game = getattr(state, "game", None)
    memo = {} if game is None else {id(game): game}
    return copy.deepcopy(state, memo), json.dumps(state.to_json(), sort_keys=True)


def assert_unchanged(state: Any, before: tuple[Any, Any]) -> None:
    copied, text = before
    assert state == copied
    assert json.dumps(state.to_json(), sort_keys=True) == text


def check_state(
    game: Any, state: Any, pool: list[Any], rng: random.Random, every: bool = True
) -> None:
    """Every contract point that one state must keep. With ``every`` false, a state with
    more than :data:`EVERY_ACTION` legal actions applies a seeded sample of them (always
    the first and the last) instead of all: a White Lotus bid step has hundreds."""
    before = snapshot(state)
    players = game.players
    actor = state.current_player

    # who acts
    assert state.is_chance == (actor is rulespec.CHANCE)
    assert state.is_terminal == (actor is rulespec.TERMINAL)
    if not (state.is_chance or state.is_terminal):
        assert isinstance(actor, int)
        assert 0 <= actor < players

    # legal actions: a tuple in a deterministic order, no duplicates, empty only at the end
    legal = state.legal_actions()
    assert isinstance(legal, tuple)
    assert legal == state.legal_actions()
    assert len(set(legal)) == len(legal)
    assert bool(legal) == (not state.is_terminal)

    # chance: exact probabilities summing to 1, the same outcomes as legal_actions
    outcomes = state.chance_outcomes()
    if state.is_chance:
        assert tuple(a for a, _ in outcomes) == legal
        assert all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)
        assert sum(p for _, p in outcomes) == 1
        assert state.sample_chance(rng) in legal
    else:
        assert outcomes == ()

    # JSON: plain JSON text, a faithful round trip, the same legal actions after it
    data = state.to_json()
    text = json.dumps(data)
    reloaded = game.state_from_json(json.loads(text))
    assert reloaded == state
    assert hash(reloaded) == hash(state)
    assert reloaded.to_json() == data
    assert reloaded.legal_actions() == legal

    # problems: none for a state reached by play
    assert state.problems() == ()

    # what each seat sees
    for seat in range(players):
        view = state.observation(seat)
        assert view.player == seat
        json.dumps(view.to_json())

    # the outcome only at the end
    if state.is_terminal:
        result = state.outcome()
        assert len(result.scores) == len(result.tiebreaks) == players
        best = max(result.rank_key(s) for s in range(players))
        best_seats = {s for s in range(players) if result.rank_key(s) == best}
        # solo against a rival that is no seat (The White Castle), the player may lose
        assert result.winners == best_seats or (players == 1 and not result.winners)
        assert sum(result.returns()) == pytest.approx(1.0 if result.winners else 0.0)
        utility_sum = state.game.bounds().utility_sum
        if utility_sum is not None:
            assert sum(result.returns()) == pytest.approx(utility_sum)
    else:
        with pytest.raises(rulespec.GameNotOver):
            state.outcome()

    # every legal action applies, reads back from JSON and is explained as legal
    tried = legal
    if not every and len(legal) > EVERY_ACTION:
        middle = rng.sample(legal[1:-1], EVERY_ACTION - 2)
        tried = (legal[0], *middle, legal[-1])
    for action in tried:
        assert game.action_from_json(json.loads(json.dumps(action.to_json()))) == action
        assert state.explain(action).legal
        assert rulespec.explain(state, action)
        state.apply(action)
    assert_unchanged(state, before)

    # illegal actions raise IllegalAction with a registered rule and change nothing
    legal_set = set(legal)
    others = [a for a in pool if a not in legal_set]
    for action in rng.sample(others, min(len(others), 12)):
        with pytest.raises(rulespec.IllegalAction) as caught:
            state.apply(action)
        error = caught.value
        assert rulespec.rule(error.rule.id) == error.rule
        assert error.reason
        verdict = state.explain(action)
        assert not verdict.legal
        assert verdict.rule == error.rule
        assert_unchanged(state, before)

    # NotYourTurn for a seat that owes nothing now, and the right seat may act
    idle = [p for p in range(players) if p not in state.to_act]
    if legal and idle:
        with pytest.raises(rulespec.NotYourTurn):
            state.apply(legal[0], player=idle[0])
        assert_unchanged(state, before)
        if isinstance(actor, int):
            assert state.apply(legal[0], player=actor) == state.apply(legal[0])


def action_pool(game: Any, seeds: range) -> list[Any]:
    """Every action legal somewhere in a few games: candidates for illegal ones elsewhere."""
    seen: dict[Any, None] = {}
    steps = SHORT_GAME if long_games(game) else None
    for seed in seeds:
        for state, _ in play(game, seed, steps):
            seen.update(dict.fromkeys(state.legal_actions()))
    return list(seen)


# --- the contract over whole games ---------------------------------------------------


def test_variants_cover_the_player_range_and_every_option() -> None:
    """The parametrisation is complete: every player count of spec.players; every column
    of the variant table with the default options; every value of every option at least
    once. (The cross of options and columns is ``rulespec verify``'s: see tests/variants.py.)"""
    for spec in rulespec.GAMES:
        ours = [p.values[0][1] for p in VARIANTS if p.values[0][0] == spec.id]
        low, high = spec.players
        assert {s["players"] for s in ours} == set(range(low, high + 1))
        table = spec.table()
        defaults = {o.key: o.default for o in table.options}
        for column in table.columns:
            base = {**dict(column.axes), **defaults}
            assert base in ours, f"{spec.id}: no variant {base}"
        for option in table.options:
            for value in option.values:
                assert any(s[option.key] == value for s in ours), f"{spec.id}: {option.key}={value}"


def test_every_state_of_a_random_game_keeps_the_contract(game: Any) -> None:
    """Every state of one game (the first SHORT_GAME steps of a long-game variant); all
    legal actions applied at every EVERY_STATE-th state, a sample elsewhere."""
    pool = action_pool(game, range(100, 103))
    rng = random.Random(7)
    steps = SHORT_GAME if long_games(game) else None
    for index, (state, _) in enumerate(play(game, seed=1, steps=steps)):
        check_state(game, state, pool, rng, every=index % EVERY_STATE == 0)


def test_initial_state_is_chance_and_new_game_is_a_decision(game: Any) -> None:
    first = game.initial_state()
    assert first.is_chance
    assert game.initial_state() == first
    started = game.new_game(seed=3)
    assert not started.is_chance
    assert not started.is_terminal
    assert game.new_game(seed=3) == started
    assert game.new_game(rng=random.Random(3)) == started
    assert rulespec.advance(first, random.Random(3)) == started


def test_same_seed_same_game(game: Any) -> None:
    for seed in (11, 12):
        first = list(play(game, seed))
        second = list(play(game, seed))
        assert [a for _, a in first] == [a for _, a in second]
        assert first[-1][0] == second[-1][0]
        final, steps = rulespec.playout(game.initial_state(), random.Random(seed))
        assert final == first[-1][0]
        assert steps == len(first) - 1


def test_playout_ends_and_outcome_follows_the_tiebreaks(game: Any) -> None:
    for seed in range(5):
        final, _ = rulespec.playout(game.new_game(seed=seed), random.Random(seed))
        result = final.outcome()
        best = max(result.rank_key(s) for s in range(game.players))
        best_seats = {s for s in range(game.players) if result.rank_key(s) == best}
        assert result.winners == best_seats or (game.players == 1 and not result.winners)


def _seeded_game(game: Any, seed: int) -> tuple[list[Any], list[Any]]:
    """Decisions by one RNG, chance by ``Random(seed)`` in the order reached (the record
    convention); returns the decisions and the state after each of them (index 0: start)."""
    chance = random.Random(seed)
    decide = random.Random(seed + 1)
    state = rulespec.advance(game.initial_state(), chance)
    decisions, reached = [], [state]
    while not state.is_terminal:
        action = decide.choice(state.legal_actions())
        state = rulespec.advance(state.apply(action), chance)
        decisions.append(action)
        reached.append(state)
    return decisions, reached


def test_seeded_record_round_trip(game: Any) -> None:
    decisions, reached = _seeded_game(game, seed=5)
    record = game.record(tuple(decisions), seed=5)
    data = json.loads(json.dumps(record.to_json()))
    loaded = rulespec.load_record(data)
    assert loaded == record
    assert rulespec.replay(loaded) == reached[-1]
    for upto in (0, 1, len(decisions) // 2):
        assert rulespec.replay(loaded, upto=upto) == reached[upto]


def test_explicit_record_round_trip(game: Any) -> None:
    steps = list(play(game, seed=6))
    actions = tuple(a for _, a in steps[:-1])
    record = game.record(actions)
    assert record.seed is None
    loaded = rulespec.load_record(json.loads(json.dumps(record.to_json())))
    assert loaded == record
    assert rulespec.replay(loaded) == steps[-1][0]
    assert rulespec.replay(loaded, upto=10) == steps[10][0]


def test_a_record_that_does_not_replay_names_the_action(game: Any) -> None:
    steps = list(play(game, seed=6))
    actions = [a for _, a in steps[:-1]]
    actions[3], actions[40] = actions[40], actions[3]
    bad = game.record(tuple(actions))
    with pytest.raises(rulespec.MalformedRecord) as caught:
        rulespec.replay(bad)
    assert "action " in str(caught.value)


def test_legal_action_order_is_the_same_in_another_process() -> None:
    """Order and JSON do not depend on hash randomisation (set iteration order); whole
    games, but only the first SHORT_GAME steps of a negotiation variant's."""
    script = (
        "import json, random, rulespec\n"
        "out = []\n"
        "for spec in rulespec.GAMES:\n"
        "    for s in spec.variants():\n"
        "        g = rulespec.game(spec.id, **s)\n"
        "        state, rng = g.initial_state(), random.Random(2)\n"
        f"        steps = {SHORT_GAME} if s.get('negotiation') == 'on' else {MAX_STEPS}\n"
        "        while not state.is_terminal and steps > 0:\n"
        "            steps -= 1\n"
        "            out.append([a.to_json() for a in state.legal_actions()])\n"
        "            out.append(state.to_json())\n"
        "            state = rulespec.random_step(state, rng)\n"
        "print(json.dumps(out))\n"
    )
    results = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-c", script],
            cwd=REPO,
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        results.append(done.stdout)
    assert results[0] == results[1]


# --- errors for unknown games, variants, options --------------------------------------


def test_unknown_game_lists_the_games() -> None:
    ids = [s.id for s in rulespec.GAMES]
    name = "lotus" if "lotus" not in ids else "no-such-game"
    with pytest.raises(rulespec.UnknownGame) as caught:
        rulespec.game(name)
    for game_id in ids:
        assert game_id in str(caught.value)


def test_unknown_game_suggests_a_close_match() -> None:
    for spec in rulespec.GAMES:
        typo = spec.id[:-1]
        with pytest.raises(rulespec.UnknownGame, match="did you mean") as caught:
            rulespec.game(typo)
        assert f'"{spec.id}"' in str(caught.value)


@pytest.mark.parametrize("spec", rulespec.GAMES, ids=lambda s: s.id)
def test_unknown_player_count_lists_the_valid_counts(spec: Any) -> None:
    low, high = spec.players
    others = {k: v for k, v in spec.variants()[0].items() if k != "players"}  # e.g. edition
    for bad in (low - 1, high + 1):
        with pytest.raises(rulespec.UnknownVariant) as caught:
            rulespec.game(spec.id, **others, players=bad)
        message = str(caught.value)
        for players in range(low, high + 1):
            assert f"players={players}" in message


def test_mandala_with_five_players_lists_two_to_four() -> None:
    with pytest.raises(rulespec.UnknownVariant) as caught:
        rulespec.game("mandala", players=5)
    message = str(caught.value)
    assert "players=5" in message
    assert all(f"players={n}" in message for n in (2, 3, 4))


@pytest.mark.parametrize("spec", rulespec.GAMES, ids=lambda s: s.id)
def test_unknown_option_lists_the_options(spec: Any) -> None:
    settings_ = spec.variants()[0]
    with pytest.raises(rulespec.UnknownVariant) as caught:
        rulespec.game(spec.id, **settings_, no_such_option=1)
    message = str(caught.value)
    assert "no_such_option" in message
    for option in spec.table().options:
        assert option.key in message
        for value in option.values:
            assert bounded(value) in message  # each value whole, quoted as JSON


@pytest.mark.parametrize("spec", rulespec.GAMES, ids=lambda s: s.id)
def test_unknown_option_value_lists_the_choices(spec: Any) -> None:
    settings_ = spec.variants()[0]
    for option in spec.table().options:
        with pytest.raises(rulespec.UnknownVariant) as caught:
            rulespec.game(spec.id, **{**settings_, option.key: "no-such-value"})
        message = str(caught.value)
        assert "no-such-value" in message
        for value in option.values:
            assert json.dumps(value) in message


def test_mandala_without_a_player_count_says_what_is_needed() -> None:
    with pytest.raises(rulespec.UnknownVariant, match="players"):
        rulespec.game("mandala")


# --- the public hypothesis strategies (rulespec.testing) -------------------------------


@given(state=states(), data=st.data())
def test_states_drawn_by_rulespec_testing_keep_the_contract(state: Any, data: Any) -> None:
    position = state.to_json()
    game = rulespec.game(position["game"], **position["settings"])
    pool = [data.draw(legal_actions(game.new_game(seed=0)))]
    if not state.is_terminal:
        action = data.draw(legal_actions(state))
        assert action in state.legal_actions()
        pool.append(action)
    check_state(game, state, pool, random.Random(0))


@given(position=positions())
def test_positions_load_back(position: dict[str, Any]) -> None:
    game = rulespec.game(position["game"], **position["settings"])
    assert game.state_from_json(position).to_json() == position


@pytest.mark.parametrize(
    "kind",
    [
        pytest.param(lambda s: s.is_chance, id="chance"),
        pytest.param(lambda s: not s.is_chance and not s.is_terminal, id="decision"),
        pytest.param(lambda s: s.is_terminal, id="terminal"),
    ],
)
def test_states_strategy_reaches_every_kind_of_node(kind: Any) -> None:
    quick = settings(database=None, derandomize=True, phases=[Phase.generate])
    found = find(states(), kind, settings=quick)
    assert kind(found)


def test_games_strategy_draws_every_variant() -> None:
    wanted = {(s.id, tuple(sorted(v.items()))) for s in rulespec.GAMES for v in s.variants()}
    seen = set()

    keys = {s.id: set(s.variants()[0]) for s in rulespec.GAMES}

    @settings(max_examples=1000, database=None, derandomize=True)
    @given(games())
    def collect(game: Any) -> None:
        # settings() may name more than the variant does (White Lotus: the board)
        named = {k: v for k, v in game.settings().items() if k in keys[game.spec.id]}
        seen.add((game.spec.id, tuple(sorted(named.items()))))

    collect()
    assert seen == wanted


def test_strategies_validate_their_arguments_lazily() -> None:
    bad = [
        games(game_ids="mandala"),  # type: ignore[arg-type]
        states(games="mandala"),  # type: ignore[arg-type]
        states(max_steps=-1),
        states(max_steps=True),
        positions(max_steps="many"),  # type: ignore[arg-type]
        legal_actions("not a state"),  # type: ignore[arg-type]
    ]
    for strategy in bad:  # building them raised nothing; using them does
        with pytest.raises(InvalidArgument):
            strategy.validate()


def test_legal_actions_of_a_terminal_state_is_an_error() -> None:
    start = rulespec.game("mandala", players=2).new_game(seed=1)
    final, _ = rulespec.playout(start, random.Random(1))
    with pytest.raises(InvalidArgument, match="game is over"):
        legal_actions(final).validate()


def test_games_strategy_rejects_an_unknown_game_id() -> None:
    with pytest.raises(InvalidArgument, match="lotsu"):
        find(games(st.just("lotsu")), lambda g: True, settings=settings(database=None))
