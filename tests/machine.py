"""The hypothesis state machine every game's tests instantiate.

Hypothesis chooses the variant and, step by step, whether to apply a legal action, sample
chance, pick any chance outcome (an adversarial deck), skip ahead with random play or try
an arbitrary action (most of them illegal); after every step the invariants, the JSON
round trip and the observations are checked. A game supplies the strategy of arbitrary
actions and its own check of the observations.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

import rulespec
from rulespec.testing import games, legal_actions


def game_machine(
    game_id: str,
    any_action: st.SearchStrategy[Any],
    check_views: Callable[[Any], None],
) -> type[RuleBasedStateMachine]:
    """A state machine playing ``game_id``; ``check_views(state)`` checks every
    observation of a state against the state itself."""

    class GameMachine(RuleBasedStateMachine):
        """One game per run; each rule is a step a frontend could take."""

        state: Any

        @initialize(game=games(st.just(game_id)))
        def start(self, game: Any) -> None:
            self.game = game
            self.state = game.initial_state()

        @precondition(lambda self: not self.state.is_terminal and not self.state.is_chance)
        @rule(data=st.data())
        def decide(self, data: st.DataObject) -> None:
            action = data.draw(legal_actions(self.state), label="decision")
            actor = self.state.current_player
            assert isinstance(actor, int)
            self.state = self.state.apply(action, player=actor)

        @precondition(lambda self: self.state.is_chance)
        @rule(seed=st.integers(0, 2**32 - 1))
        def sample_chance(self, seed: int) -> None:
            self.state = self.state.apply(self.state.sample_chance(random.Random(seed)))

        @precondition(lambda self: self.state.is_chance)
        @rule(data=st.data())
        def any_chance_outcome(self, data: st.DataObject) -> None:
            """Any possible outcome, however unlikely."""
            self.state = self.state.apply(data.draw(legal_actions(self.state), label="outcome"))

        @precondition(lambda self: not self.state.is_terminal)
        @rule(seed=st.integers(0, 2**32 - 1), steps=st.integers(1, 150))
        def skip_ahead(self, seed: int, steps: int) -> None:
            """Random play, so that a run of a few dozen rules reaches the end of a game."""
            rng = random.Random(seed)
            for _ in range(steps):
                if self.state.is_terminal:
                    break
                self.state = rulespec.random_step(self.state, rng)

        @rule(action=any_action)
        def try_an_action(self, action: Any) -> None:
            before = self.state
            text = json.dumps(before.to_json(), sort_keys=True)
            verdict = before.explain(action)
            if verdict.legal:
                assert action in before.legal_actions()
                self.state = before.apply(action)
                return
            assert action not in before.legal_actions()
            with pytest.raises(rulespec.IllegalAction) as caught:
                before.apply(action)
            assert caught.value.rule == verdict.rule
            assert rulespec.rule(caught.value.rule.id) == caught.value.rule
            assert self.state == before
            assert json.dumps(self.state.to_json(), sort_keys=True) == text

        @invariant()
        def keeps_the_rules(self) -> None:
            assert self.state.problems() == ()
            assert self.state.is_terminal or self.state.legal_actions()

        @invariant()
        def round_trips_through_json(self) -> None:
            data = json.loads(json.dumps(self.state.to_json()))
            assert self.game.state_from_json(data) == self.state

        @invariant()
        def observations_agree_with_the_state(self) -> None:
            check_views(self.state)

    GameMachine.__name__ = GameMachine.__qualname__ = f"{game_id.title()}Machine"
    return GameMachine


def same_table(views: list[Any], private: tuple[str, ...]) -> None:
    """Every player's view shows the same table once the private fields are removed
    (``private`` names JSON keys; ``conflict.own_bid`` one inside an object)."""
    public = [without(view.to_json(), private) for view in views]
    assert all(p == public[0] for p in public)


def without(data: dict[str, Any], paths: tuple[str, ...]) -> dict[str, Any]:
    """``data`` without the keys at ``paths`` (dotted for nested objects)."""
    out = dict(data)
    for path in paths:
        head, _, rest = path.partition(".")
        if rest and isinstance(out.get(head), dict):
            out[head] = without(out[head], (rest,))
        elif not rest:
            out.pop(head, None)
    return out
