"""A hypothesis state machine that plays Mandala: legal actions, chance, illegal attempts.

Hypothesis chooses the variant and, step by step, whether to apply a legal action, sample
chance, skip ahead with random play or try an illegal action; after every step the
invariants, the JSON round trip and the observations are checked.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

import rulespec
from rulespec.mandala import (
    Colour,
    DrawCard,
    Play,
    ResolveNext,
    RevealTile,
    State,
    TakeTile,
)
from rulespec.mandala.components import TILES
from rulespec.mandala.position import invariant_problems
from rulespec.testing import games, legal_actions

ANY_ACTION = st.one_of(
    st.builds(Play, st.integers(-1, 3), st.sampled_from(Colour), st.integers(-1, 16)),
    st.builds(TakeTile, st.sampled_from(TILES)),
    st.builds(DrawCard, st.sampled_from(Colour)),
    st.builds(RevealTile, st.sampled_from(TILES)),
    st.builds(ResolveNext, st.integers(-1, 3)),
)
"""Actions of every kind, most of them illegal in any given state."""


class MandalaMachine(RuleBasedStateMachine):
    """One game per run; each rule is a step a frontend could take."""

    state: State

    @initialize(game=games(st.just("mandala")))
    def start(self, game: Any) -> None:
        self.state = game.initial_state()
        self.game = game

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
        """Any possible outcome, however unlikely (an adversarial deck)."""
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

    @rule(action=ANY_ACTION)
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
        assert self.state == before
        assert json.dumps(self.state.to_json(), sort_keys=True) == text

    @invariant()
    def keeps_the_rules(self) -> None:
        assert invariant_problems(self.state) == []
        assert self.state.is_terminal or self.state.legal_actions()

    @invariant()
    def round_trips_through_json(self) -> None:
        data = json.loads(json.dumps(self.state.to_json()))
        assert self.game.state_from_json(data) == self.state

    @invariant()
    def observations_agree_with_the_state(self) -> None:
        s = self.state
        views = [s.observation(p) for p in range(s.players)]
        for p, view in enumerate(views):
            assert view.hand == s.hands[p]
            assert view.hand_sizes == tuple(sum(h) for h in s.hands)
            assert view.deck_size == sum(s.deck)
            assert view.to_act == s.current_player
            json.dumps(view.to_json())
        public = [attrs_without_hand(v) for v in views]
        assert all(p == public[0] for p in public)  # everyone sees the same table


def attrs_without_hand(view: Any) -> dict[str, Any]:
    data: dict[str, Any] = view.to_json()
    del data["hand"], data["player"]
    return data


MandalaMachine.TestCase.settings = settings(stateful_step_count=30)
TestMandalaMachine = MandalaMachine.TestCase
