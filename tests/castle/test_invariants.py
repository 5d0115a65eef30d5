"""The table of White Castle invariants (rulespec/castle/invariants.py): each is tied to a
rule of the registry, each has a mutation of a state reached in play that trips it, and
every message it gives names its rule."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import pytest

import rulespec
from rulespec.castle.invariants import INVARIANTS
from rulespec.castle.state import Phase, State
from rulespec.core.invariants import Invariant, check

from ..position_mutations import played as played_states
from ..position_mutations import trips, unknown_rules, unmatched


@functools.cache
def pool(players: int = 2) -> tuple[State, ...]:
    """Every fifth state of two seeded random games."""
    return played_states(rulespec.game("castle", players=players), range(2), every=5)


def played() -> State:
    """A state in a round's turns, with dice taken and cards in the decks."""
    return next(s for s in pool() if s.phase is Phase.TAKE and s.turns > 2 and s.deck1)


def family(s: State, p: int = 0, **changes: Any) -> State:
    families = list(s.families)
    families[p] = families[p].but(**changes)
    return s.but(families=tuple(families))


def _room(s: State) -> int:
    return next(i for i, c in enumerate(s.rooms) if c is not None)


def _bridge(s: State) -> int:
    return next(c for c, b in enumerate(s.bridges) if sum(1 for v in b if v) > 1)


def _unsorted(s: State) -> State:
    c = _bridge(s)
    dice = [v for v in s.bridges[c] if v]
    b = tuple(sorted(dice, reverse=True)) + (0,) * (len(s.bridges[c]) - len(dice))
    return s.but(bridges=tuple(b if i == c else x for i, x in enumerate(s.bridges)))


def _closed_end(s: State) -> State:
    c = _bridge(s)
    dice = sorted(v for v in s.bridges[c] if v)
    n = len(s.bridges[c])
    b = (0, *dice[:-1], *(0,) * (n - len(dice) - 1), dice[-1])
    return s.but(bridges=tuple(b if i == c else x for i, x in enumerate(s.bridges)))


MUTATIONS: dict[str, Callable[[], State]] = {
    "_room_card_ids": lambda: (s := played()).but(
        rooms=tuple(999 if i == _room(s) else c for i, c in enumerate(s.rooms))
    ),
    "_room_levels": lambda: (s := played()).but(
        rooms=tuple(s.deck2[0] if i == _room(s) else c for i, c in enumerate(s.rooms))
    ),
    "_decks_sorted": lambda: (s := played()).but(deck1=(*s.deck1, s.deck1[0])),
    "_deck_levels": lambda: (s := played()).but(deck1=(*s.deck1, 999)),
    "_deck_cards_once": lambda: (s := played()).but(
        deck1=tuple(sorted({*s.deck1, *(c for c in s.rooms[:2] if c is not None)}))
    ),
    "_bridges": lambda: (s := played()).but(bridges=s.bridges[:2]),
    "_die_values": lambda: (s := played()).but(bridges=((7, *s.bridges[0][1:]), *s.bridges[1:])),
    "_dice_sorted": lambda: _unsorted(played()),
    "_ends_taken": lambda: _closed_end(played()),
    "_families": lambda: (s := played()).but(families=(*s.families, s.families[0])),
    "_coins": lambda: family(played(), coins=-1),
    "_seals": lambda: family(played(), seals=6),
    "_resources": lambda: family(played(), resources=(8, 0, 0)),
    "_figures": lambda: family(
        s := played(), left=(s.families[0].left[0] + 1, *s.families[0].left[1:])
    ),
    "_grounds": lambda: family(s := played(), grounds=(*s.families[0].grounds, 0)),
    "_gardens": lambda: family(played(), gardens=(1, 1)),
    "_track": lambda: family(played(), track=10_000),
    "_row_card": lambda: family(played(), card=10_000),
    "_lantern": lambda: family(played(), lantern=(10_000,)),
    "_level3": lambda: played().but(level3=10_000),
    "_daimyo": lambda: (s := played()).but(daimyo=(9, *s.daimyo[1:])),
    "_beside": lambda: (s := played()).but(beside=(*s.beside, 0)),
}
"""For each check of :data:`INVARIANTS`, by name: a state reached in play, changed so
that it breaks the check's rule."""


def test_every_invariant_names_a_registry_rule() -> None:
    assert unknown_rules("castle", INVARIANTS) == []


def test_every_invariant_has_a_mutation() -> None:
    assert unmatched(INVARIANTS, MUTATIONS) == ([], [])


@pytest.mark.rule("castle.position.format")
@pytest.mark.parametrize("invariant", INVARIANTS, ids=lambda i: i.check.__name__)
def test_mutation_trips_its_invariant(invariant: Invariant[State]) -> None:
    trips(invariant, MUTATIONS[invariant.check.__name__](), INVARIANTS)


def test_reached_states_keep_every_invariant() -> None:
    for state in pool()[::10]:
        assert check(state, INVARIANTS) == []
