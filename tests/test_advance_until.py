"""Playing forward to the next decision that matters (issue 22): ``advance_until`` over
every game, and in Oriente from an announcement to the question a seat cares about."""

from __future__ import annotations

import ast
import inspect
import random
from typing import Any

import pytest

import rulespec
from rulespec.core import play
from rulespec.core.play import advance_until, random_step


def _positions(spec: rulespec.GameSpec, count: int = 12) -> list[Any]:
    """Positions met in seeded random play of the game's first variant."""
    game = rulespec.game(spec.id, **spec.variants()[0])
    rng = random.Random(7)
    state, out = game.initial_state(), list[Any]()
    for step in range(4000):
        if state.is_terminal or len(out) >= count:
            break
        if step % 23 == 0:
            out.append(state)
        state = random_step(state, rng)
    return out


def _passes(state: Any) -> tuple[type, ...]:
    return tuple(state.game.passes)


@pytest.mark.parametrize("spec", list(rulespec.GAMES), ids=lambda s: s.id)
def test_it_stops_at_a_choice_or_the_end(spec: rulespec.GameSpec) -> None:
    """Without a target, only chance and forced (single) actions are played: the result is
    over or offers a choice, and advancing again changes nothing."""
    for state in _positions(spec):
        reached = advance_until(state, rng=random.Random(1))
        assert reached.is_terminal or (not reached.is_chance and len(reached.legal_actions()) > 1)
        assert advance_until(reached, rng=random.Random(2)) == reached
        if not state.is_chance and len(state.legal_actions()) > 1:
            assert reached == state


@pytest.mark.parametrize("spec", list(rulespec.GAMES), ids=lambda s: s.id)
def test_with_a_seat_it_stops_where_that_seat_acts_or_says_who_must_answer(
    spec: rulespec.GameSpec,
) -> None:
    """Either the seat may act (or the game is over), or play met a question with no pass,
    which only its player can answer: refused, naming that seat and its phase (issue 34:
    no state of another seat handed back as if it were the one asked for)."""
    refused = 0
    for state in _positions(spec):
        for seat in range(state.players):
            try:
                reached = advance_until(state, seat=seat, rng=random.Random(3))
            except rulespec.InvalidArgument as exc:
                stop = advance_until(state, rng=random.Random(3))
                assert not stop.is_terminal
                assert not stop.is_chance
                assert seat not in stop.to_act
                assert not any(isinstance(a, _passes(stop)) for a in stop.legal_actions())
                said = f"seat {stop.current_player} must decide in phase {stop.phase.value}"
                assert said in str(exc)  # noqa: PT017 (each seat's answer differs)
                refused += 1
                continue
            assert reached.is_terminal or seat in reached.to_act


@pytest.mark.parametrize("spec", list(rulespec.GAMES), ids=lambda s: s.id)
def test_every_phase_the_game_declares_is_reached_or_refused_with_the_reason(
    spec: rulespec.GameSpec,
) -> None:
    """Issue 34: ``advance_until(lotus_state, phase="bid")`` handed back the claim-phase
    state. For every phase name of every game, from positions of seeded play, the result
    is in that phase (or the game is over), or an InvalidArgument says why not."""
    for state in _positions(spec, count=6):
        for phase in type(state.phase):
            for seat in (None, 0):
                try:
                    reached = advance_until(state, seat=seat, phase=phase.value)
                except rulespec.InvalidArgument as exc:
                    why = str(exc)
                    assert "stopped before" in why or "no seat acts" in why, why
                    continue
                assert reached.is_terminal or reached.phase is phase
                if seat is not None and not reached.is_terminal:
                    assert seat in reached.to_act


def test_a_lotus_bid_is_refused_from_the_claims_and_reached_from_the_last_claim() -> None:
    """The claims have no pass: from the first claim, play cannot go on to the bids for
    the claimants; from a state where the conflicts are next, it can."""
    lotus = rulespec.game("lotus", edition="de", players=3)
    state = lotus.new_game(seed=1)
    assert state.phase.value == "claim"
    with pytest.raises(rulespec.InvalidArgument, match="must decide in phase claim"):
        advance_until(state, phase="bid")
    rng = random.Random(4)
    while state.phase.value == "claim":
        state = random_step(state, rng)
    reached = advance_until(state, phase="bid")
    assert reached.phase.value == "bid" or reached.is_terminal


def test_a_phase_of_chance_is_reached_at_its_chance_node_and_refused_with_a_seat() -> None:
    lotus = rulespec.game("lotus", edition="de", players=3)
    start = lotus.initial_state()
    assert advance_until(start, phase="setup") is start
    with pytest.raises(rulespec.InvalidArgument, match="no seat acts in phase setup"):
        advance_until(start, seat=0, phase="setup")


@pytest.mark.parametrize("spec", list(rulespec.GAMES), ids=lambda s: s.id)
def test_a_games_passes_are_decisions_of_its_own(spec: rulespec.GameSpec) -> None:
    """The pass types are data the game declares; each is an action type some decision
    phase of the game accepts."""
    game: Any = rulespec.game(spec.id, **spec.variants()[0])
    accepted = {t for step in game.steps.values() if step.node is None for t in step.moves}
    assert set(game.passes) <= accepted


def test_core_knows_no_game() -> None:
    """How a pass is recognised comes from each game, not from names in core."""
    tree = ast.parse(inspect.getsource(play))
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list) or not body:
            continue
        if isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            body.pop(0)  # docstrings may name games as examples
    code = ast.unparse(tree).lower()
    for spec in rulespec.GAMES:
        assert spec.id not in code


def test_max_steps_bounds_the_play() -> None:
    state = rulespec.game("oriente", players=4).initial_state()
    with pytest.raises(RuntimeError, match="within 3 steps"):
        advance_until(state, max_steps=3)


def _announced_attack() -> Any:
    """Five seats, seat 0 announces an attack on seat 1 with nothing able to claim."""
    game = rulespec.game("oriente", players=5)
    state = game.state_from_json(
        {
            "game": "oriente",
            "settings": {"players": 5},
            "residents": ["samurai", "daimyo", "nofu", "akindo", "nofu"],
            "piles": [
                {"treasure_2": 1},
                {"treasure_3": 1},
                {"treasure_4": 1},
                {"treasure_2": 1},
                {"treasure_3": 1},
            ],
        }
    )
    return state.apply("attack>1")


@pytest.mark.rule("oriente.fight.support_order")
def test_oriente_from_an_announcement_to_a_seats_support_question() -> None:
    """Seats 2-4 are asked for privileges (none outranks the attacking Samurai, so each has
    only the pass) and then, clockwise from the attacker, whether they support: seat 3 is
    reached with seat 2's pass taken for it."""
    state = _announced_attack()
    assert state.phase.value == "privilege"
    reached = advance_until(state, seat=3, phase="support")
    assert (reached.phase.value, reached.seat) == ("support", 3)
    assert reached.act == state.act
    assert reached.sides[2] == 0  # seat 2 stayed out, disc in hand
    assert reached.discs[2]
    assert {str(a) for a in reached.legal_actions()} == {
        "pass",
        "support seat 0 in the fight",
        "support seat 1 in the fight",
    }


def test_oriente_without_a_target_stops_at_the_first_real_question() -> None:
    state = _announced_attack()
    reached = advance_until(state)
    assert (reached.phase.value, reached.seat) == ("support", 2)


@pytest.mark.parametrize("spec", list(rulespec.GAMES), ids=lambda s: s.id)
def test_a_seat_or_phase_the_game_does_not_have_is_refused_not_played_to_the_end(
    spec: rulespec.GameSpec,
) -> None:
    """Issue 22: a typo (``phase="suport"``, a seat past the table) would pass every
    question to the end of the game; it is an InvalidArgument naming what is valid."""
    state = rulespec.game(spec.id, **spec.variants()[0]).new_game(seed=1)
    for seat in (-1, state.players, "0", True):
        with pytest.raises(rulespec.InvalidArgument, match="is no seat here"):
            advance_until(state, seat=seat)  # type: ignore[arg-type]
    phases = [p.value for p in type(state.phase)]
    typo = phases[0][:-1] + "x"
    with pytest.raises(rulespec.InvalidArgument) as caught:
        advance_until(state, phase=typo)
    assert all(p in str(caught.value) for p in phases)
    for known in (phases[0], type(state.phase)(phases[0])):  # a phase of the game: no typo
        try:
            advance_until(state, phase=known)
        except rulespec.InvalidArgument as exc:
            assert "is no phase" not in str(exc)  # noqa: PT017


def test_a_misspelt_phase_gets_the_closest_one() -> None:
    state = rulespec.game("oriente", players=5).new_game(seed=1)
    with pytest.raises(rulespec.InvalidArgument, match="did you mean 'support'"):
        advance_until(state, phase="suport")
