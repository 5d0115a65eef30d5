"""What a server running real tables needs from every game: the step counter and the
stale-action guard, secret choices committed in any order, and errors as JSON."""

from __future__ import annotations

import importlib
import itertools
import json
import pickle
import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulespec
from rulespec.core.kernel import Kernel
from rulespec.errors import RulespecError

GAMES = [
    ("mandala", {"players": 2}),
    ("mandala", {"players": 4}),
    ("lotus", {"edition": "de", "players": 3}),
    ("lotus", {"edition": "fr", "players": 6}),
]


def _walk(game_id: str, settings_: dict[str, Any], seed: int, steps: int) -> list[Any]:
    game = rulespec.game(game_id, **settings_)
    state = game.initial_state()
    rng = random.Random(seed)
    out = [state]
    for _ in range(steps):
        if state.is_terminal:
            break
        state = rulespec.random_step(state, rng)
        out.append(state)
    return out


# --- the step counter and the stale-action guard -----------------------------------


@pytest.mark.parametrize(("game_id", "settings_"), GAMES)
def test_the_step_counts_every_action_and_travels_with_positions_views_and_pickles(
    game_id: str, settings_: dict[str, Any]
) -> None:
    states = _walk(game_id, settings_, seed=4, steps=150)
    game = states[0].game
    for n, state in enumerate(states):
        assert state.step == n
    state = states[-1]
    n = len(states) - 1
    assert state.to_json()["step"] == n
    again = game.state_from_json(json.loads(json.dumps(state.to_json())))
    assert again == state
    assert again.step == n
    assert pickle.loads(pickle.dumps(state)).step == n
    for seat in range(state.players):
        seen = state.observation(seat)
        assert seen.step == n
        assert seen.to_json()["step"] == n
        assert seen.public()["step"] == n
        assert "step" not in seen.private()
    assert game.state_from_json({k: v for k, v in state.to_json().items() if k != "step"}).step == 0


@pytest.mark.parametrize("bad", [-1, 1.5, True, "3", None, 10**12])
def test_a_position_with_a_bad_step_names_it_with_its_other_problems(bad: object) -> None:
    game = rulespec.game("mandala", players=2)
    data = {**game.new_game(seed=1).to_json(), "step": bad, "phase": "nonsense"}
    with pytest.raises(rulespec.MalformedPosition) as caught:
        game.state_from_json(data)
    paths = [p["path"] for p in caught.value.to_json()["problems"]]
    assert "step" in paths
    assert "phase" in paths


def test_a_stale_action_is_refused_and_nothing_changes() -> None:
    state = rulespec.game("mandala", players=2).new_game(seed=2)
    action = state.legal_actions()[0]
    assert state.apply(action, expect_step=state.step).step == state.step + 1
    for old in (0, state.step - 1, state.step + 1):
        with pytest.raises(rulespec.StaleAction) as caught:
            state.apply(action, player=0, expect_step=old)
        assert caught.value.to_json() == {
            "code": "stale_action",
            "message": str(caught.value),
            "expect_step": old,
            "step": state.step,
            "since": None,  # a session's guard: none here (every field there, issue 32)
        }
    for bad in (-1, "3", 2.0, True):
        with pytest.raises(rulespec.InvalidArgument, match="expect_step"):
            state.apply(action, expect_step=bad)


def test_old_actions_replayed_by_a_client_are_never_applied_again() -> None:
    """The defect the guard closes: an action a client sent earlier is often legal again
    later; with the step it was meant for, it is always refused."""
    states = _walk("lotus", {"edition": "de", "players": 4}, seed=9, steps=400)
    legal_again = refused = 0
    for i in range(1, len(states)):
        before, after = states[i - 1], states[i]
        if before.is_chance or after.is_terminal or after.is_chance:
            continue
        action = after.history()[-1]
        if after.explain(action).legal:
            legal_again += 1
        with pytest.raises(rulespec.StaleAction):
            after.apply(action, expect_step=before.step)
        refused += 1
    assert refused > 100
    assert legal_again > 0  # without the guard, some would have been applied twice


# --- who acts ---------------------------------------------------------------------


@pytest.mark.parametrize(("game_id", "settings_"), GAMES)
def test_to_act_and_legal_actions_per_seat(game_id: str, settings_: dict[str, Any]) -> None:
    for state in _walk(game_id, settings_, seed=5, steps=300):
        to_act = state.to_act
        if state.is_chance or state.is_terminal:
            assert to_act == frozenset()
            assert all(state.legal_actions(player=p) == () for p in range(state.players))
            continue
        assert state.current_player in to_act
        assert state.legal_actions(player=state.current_player) == state.legal_actions()
        for seat in range(state.players):
            mine = state.legal_actions(player=seat)
            assert bool(mine) == (seat in to_act)
            for action in mine[:3]:
                assert state.explain(action, player=seat).legal
                state.apply(action, player=seat)
        if len(to_act) == 1:
            other = (state.current_player + 1) % state.players
            action = state.legal_actions()[0]
            with pytest.raises(rulespec.NotYourTurn) as caught:
                state.apply(action, player=other)
            data = caught.value.to_json()
            assert data["code"] == "not_your_turn"
            assert data["to_act"] == sorted(to_act)
            assert not state.explain(action, player=other).legal


def _secret_rounds(seed: int, players: int, edition: str) -> list[Any]:
    """States of one seeded White Lotus game where two or more seats owe a secret choice
    and none has committed yet (the start of a round)."""
    found = []
    before = None
    for state in _walk("lotus", {"edition": edition, "players": players}, seed, 2000):
        if len(state.to_act) > 1 and (before is None or before.phase is not state.phase):
            found.append(state)
        before = state
    return found


@settings(max_examples=12)
@given(
    seed=st.integers(0, 10_000),
    players=st.sampled_from([3, 4, 5]),
    edition=st.sampled_from(["de", "fr"]),
    picks=st.randoms(use_true_random=False),
)
def test_secret_choices_in_any_order_give_the_same_state(
    seed: int, players: int, edition: str, picks: random.Random
) -> None:
    """Every order of the commitments of a round (all of them: up to 5 seats, 120
    orders) ends in the same state, with the same position and the same views."""
    rounds = _secret_rounds(seed, players, edition)
    assert rounds
    for start in rounds[:3]:
        owing = sorted(start.to_act)
        choice = {p: picks.choice(start.legal_actions(player=p)) for p in owing}
        ends = set()
        jsons = set()
        for order in itertools.permutations(owing):
            state = start
            for k, seat in enumerate(order):
                assert seat in state.to_act
                state = state.apply(choice[seat], player=seat, expect_step=start.step + k)
                if k < len(order) - 1:  # the round goes on: this seat owes nothing more
                    assert state.to_act == frozenset(owing) - set(order[: k + 1])
                    with pytest.raises(rulespec.NotYourTurn):
                        state.apply(choice[seat], player=seat)
                    assert state.legal_actions(player=seat) == ()
            ends.add(state)
            jsons.add(json.dumps(state.to_json(), sort_keys=True))
        assert len(ends) == 1
        assert len(jsons) == 1


def test_the_serialised_order_is_the_books_and_current_player_keeps_it() -> None:
    """``current_player`` is the next owing seat in lotus.secret.commit_order, whoever has
    committed already: the RL adapters keep a fixed serialisation."""
    start = _secret_rounds(11, 5, "de")[0]
    order = [start.current_player]
    state = start
    last = max(start.to_act, key=lambda p: (p - start.current_player) % start.players)
    state = state.apply(state.legal_actions(player=last)[0], player=last)
    assert state.current_player == start.current_player
    assert last not in state.to_act
    assert order[0] in state.to_act


def test_wrong_seat_and_wrong_phase_have_their_own_codes_and_rules() -> None:
    states = _walk("lotus", {"edition": "de", "players": 4}, seed=2, steps=200)
    claim = next(s for s in states if s.phase.value == "claim")
    seat = claim.current_player
    bid = rulespec.lotus.actions.Bid(target=(seat + 1) % 4, influence=0)
    with pytest.raises(rulespec.IllegalAction) as phase_error:
        claim.apply(bid, player=seat)
    with pytest.raises(rulespec.NotYourTurn) as seat_error:
        claim.apply(claim.legal_actions()[0], player=(seat + 1) % 4)
    assert type(phase_error.value) is rulespec.IllegalAction
    assert phase_error.value.to_json()["code"] == "illegal_action"
    assert seat_error.value.to_json()["code"] == "not_your_turn"
    assert phase_error.value.rule.id == "lotus.year.phases"
    assert seat_error.value.rule.id == "lotus.claim.three_rounds"


# --- errors as JSON ---------------------------------------------------------------


def _all_errors() -> list[type[RulespecError]]:
    for module in ("rulespec.scale.executors", "rulespec.scale.batch", "rulespec.core.resample"):
        importlib.import_module(module)
    found: list[type[RulespecError]] = []
    todo: list[type[RulespecError]] = [RulespecError]
    while todo:
        cls = todo.pop()
        if cls.__module__.startswith("rulespec"):  # not the test suite's own
            found.append(cls)
        todo.extend(cls.__subclasses__())
    return found


def test_every_error_class_has_its_own_stable_code() -> None:
    classes = _all_errors()
    codes = [cls.code for cls in classes if "code" in cls.__dict__]
    assert len(codes) == len(set(codes))
    for cls in classes:
        assert "code" in cls.__dict__ or cls.__name__.startswith("_"), cls
        assert re.fullmatch(r"[a-z]+(_[a-z]+)*", cls.code), cls


def test_errors_as_json_are_strict_json_with_paths_and_no_python_quoting() -> None:
    game = rulespec.game("lotus", edition="de", players=3)
    with pytest.raises(rulespec.MalformedAction) as caught:
        game.action_from_json({"type": "bid", "target": "x", "influence": [1, "two"]})
    data = caught.value.to_json()
    assert data["code"] == "malformed_action"
    json.dumps(data, allow_nan=False)
    assert {p["path"] for p in data["problems"]} >= {"target", "influence"}
    assert "'" not in data["message"]
    assert '"x"' in data["message"]
    state = game.new_game(seed=1)
    with pytest.raises(rulespec.IllegalAction) as illegal:
        state.apply(rulespec.lotus.actions.PlaceMarker("nowhere"))
    data = illegal.value.to_json()
    json.dumps(data, allow_nan=False)
    assert data["action"] == {"type": "place_marker", "area": "nowhere"}
    assert data["rule"]
    assert data["rule_title"]
    assert data["reason"]


@pytest.mark.parametrize(("game_id", "settings_"), GAMES)
def test_a_client_is_offered_only_the_actions_it_may_send(
    game_id: str, settings_: dict[str, Any]
) -> None:
    """An unknown action type is answered with the decisions a seat may send, never the
    chance outcomes (no client can submit one); records still read chance outcomes."""
    game = rulespec.game(game_id, **settings_)
    with pytest.raises(rulespec.MalformedAction) as caught:
        game.action_from_json({"type": "nonsense"})
    text = str(caught.value)
    for outcome in game.action_ids().chance:
        assert type(outcome).KIND not in text
    assert any(type(decision).KIND in text for decision in game.action_ids().decisions)
    near = type(game.action_ids().decisions[-1]).KIND
    with pytest.raises(rulespec.MalformedAction, match=f"such as {near}"):
        game.action_from_json({"type": near[:-1] + near[-1].upper() + "x"})
    outcome = game.action_ids().chance[0]
    assert game.action_from_json(outcome.to_json()) == outcome


def test_the_kernel_keeps_its_slots() -> None:
    """States stay slotted (the step and the history ride in two slots)."""
    assert set(Kernel.__slots__) == {"_step", "_trail"}
