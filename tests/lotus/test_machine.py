"""A hypothesis state machine that plays White Lotus: legal actions, chance, illegal attempts.

Hypothesis chooses the variant (every edition, player count and option) and, step by step,
whether to apply a legal action, sample chance, pick any chance outcome, skip ahead with
random play or try an arbitrary action (most of them illegal); after every step the
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
from rulespec.lotus import (
    Bid,
    Building,
    ChooseConflict,
    ChooseSide,
    CommitCombat,
    DeclineExtra,
    DrawChip,
    Give,
    Lead,
    PalaceIncome,
    Pass,
    PlaceChip,
    PlaceMarker,
    Remove,
    Side,
    StartChip,
    State,
    TakeArea,
    TakeExtra,
    TakeVictoryPoint,
)
from rulespec.lotus.position import invariant_problems
from rulespec.testing import games, legal_actions

from . import ALL_AREAS

AREAS = st.sampled_from((*ALL_AREAS, "a00", "a40"))
SEATS = st.integers(-1, 6)
POINTS = st.integers(-1, 20)
ANY_ACTION = st.one_of(
    st.builds(StartChip, st.sampled_from(Building)),
    st.builds(DrawChip, st.sampled_from(Building)),
    st.builds(PlaceMarker, AREAS),
    st.builds(DeclineExtra),
    st.builds(TakeExtra),
    st.builds(ChooseConflict, AREAS),
    st.builds(Bid, SEATS, POINTS, st.booleans()),
    st.builds(Remove, SEATS),
    st.builds(Lead, st.booleans()),
    st.builds(ChooseSide, st.sampled_from(Side)),
    st.builds(CommitCombat, POINTS),
    st.builds(TakeArea, AREAS),
    st.builds(TakeVictoryPoint),
    st.builds(PalaceIncome, st.integers(-1, 4)),
    st.builds(PlaceChip, AREAS),
    st.builds(Give, SEATS, POINTS, POINTS),
    st.builds(Pass),
)
"""Actions of every kind, most of them illegal in any given state."""

PRIVATE = ("player", "influence", "combat", "own_bid", "own_combat", "sides")


class LotusMachine(RuleBasedStateMachine):
    """One game per run; each rule is a step a frontend could take."""

    state: State

    @initialize(game=games(st.just("lotus")))
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
        """Any possible outcome, however unlikely (an adversarial draw pile)."""
        self.state = self.state.apply(data.draw(legal_actions(self.state), label="outcome"))

    @precondition(lambda self: not self.state.is_terminal)
    @rule(seed=st.integers(0, 2**32 - 1), steps=st.integers(1, 300))
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
        assert rulespec.rule(caught.value.rule.id) == caught.value.rule
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
            assert view.player == p
            assert view.influence == s.influence[p]
            assert view.combat == s.combat[p]
            assert view.to_act == s.current_player
            assert view.unseen_chips == sum(s.unseen)
            json.dumps(view.to_json())
        public = [{k: v for k, v in v.to_json().items() if k not in PRIVATE} for v in views]
        assert all(p == public[0] for p in public)  # everyone sees the same table


LotusMachine.TestCase.settings = settings(stateful_step_count=30, max_examples=60)
TestLotusMachine = LotusMachine.TestCase
