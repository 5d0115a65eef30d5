"""The phase table's entries (issue 21): an effect that ends a part of the game names the
next phase (``kernel.enter``) and the table's entry for it runs; an entry for a phase the
table does not have is refused when the table is built."""

from __future__ import annotations

import enum
import random

import pytest

import rulespec
from rulespec.core.kernel import PhaseTable, Step, enter
from rulespec.core.rules import rule_of
from rulespec.lotus.phases import TABLE
from rulespec.lotus.state import Phase


def test_an_entry_for_a_phase_of_another_game_is_refused() -> None:
    class Other(enum.Enum):
        ONLY = "only"

    end = Step.end(rule_of("lotus.score.winner"))
    with pytest.raises(ValueError, match="entries for unknown phases"):
        PhaseTable(object, Other, {Other.ONLY: end}, enter={Phase.CLAIM: lambda s: s})


def test_enter_runs_the_tables_entry_for_the_phase() -> None:
    """A White Lotus game past its start chips is in its first year's claims: the state
    ``enter(state, Phase.CLAIM)`` gives is the one the claims entry makes."""
    game = rulespec.game("lotus", edition="de", players=3)
    state = rulespec.advance(game.new_game(seed=1), random.Random(1))
    assert state.phase is Phase.CLAIM
    entered = enter(state, Phase.CLAIM)
    assert entered == TABLE.enter[Phase.CLAIM](state)
    assert entered.phase is Phase.CLAIM
    assert entered.claiming is not None
