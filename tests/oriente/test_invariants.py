"""The table of Oriente invariants (rulespec/oriente/invariants.py): each is tied to a rule
of the registry, each has a mutation of a state reached in play that trips it, and every
message it gives names its rule."""

from __future__ import annotations

import functools
from collections.abc import Callable

import pytest

import rulespec
from rulespec.core.invariants import Invariant, check
from rulespec.oriente.actions import Act, Announce
from rulespec.oriente.components import NO_CARDS, Card, add
from rulespec.oriente.invariants import INVARIANTS
from rulespec.oriente.state import Phase, State

from ..position_mutations import played, trips, unknown_rules, unmatched


@functools.cache
def pool(players: int = 4) -> tuple[State, ...]:
    """Every state of four seeded random games, set-up included."""
    return played(rulespec.game("oriente", players=players), range(4), setup=True)


def at(phase: Phase, players: int = 4) -> State:
    return next(s for s in pool(players) if s.phase is phase)


def put(values: tuple[object, ...], i: int, value: object) -> tuple[object, ...]:
    return (*values[:i], value, *values[i + 1 :])


def _with_treasure(s: State, card: Card, n: int = 1) -> State:
    return s.but(bonus=add(s.bonus, card, n))


MUTATIONS: dict[str, Callable[[], State]] = {
    "_treasure_supply": lambda: _with_treasure(at(Phase.ANNOUNCE), Card.TREASURE_4, 12),
    "_cards": lambda: (s := at(Phase.ANNOUNCE)).but(piles=put(s.piles, 0, add(s.piles[0], 3))),
    "_treasures_dealt": lambda: (s := at(Phase.ANNOUNCE)).but(
        piles=tuple(NO_CARDS if i == 0 else p for i, p in enumerate(s.piles))
    ),
    "_no_treasure_in_deck": lambda: (s := at(Phase.ANNOUNCE)).but(
        deck=s.deck.but(pool=add(s.deck.pool, Card.TREASURE_2))
    ),
    "_segments": lambda: (s := at(Phase.ANNOUNCE)).but(deck=s.deck.but(top=s.deck.top + 1)),
    "_piles_under": lambda: (s := at(Phase.ANNOUNCE)).but(
        deck=s.deck.but(under=(*s.deck.under, NO_CARDS))
    ),
    "_hut": lambda: at(Phase.ANNOUNCE).but(hut=1),
    "_workers": lambda: at(Phase.ANNOUNCE).but(square=7),
    "_residents": lambda: (s := at(Phase.ANNOUNCE)).but(residents=put(s.residents, 0, None)),
    "_geisha": lambda: (s := at(Phase.ANNOUNCE)).but(residents=put(s.residents, 0, Card.GEISHA)),
    "_face_up_resident": lambda: (s := at(Phase.RESIDENTS)).but(
        face_up=tuple(r is None for r in s.residents)
    ),
    "_announcer_has_disc": lambda: (s := at(Phase.ANNOUNCE)).but(discs=put(s.discs, s.seat, False)),
    "_act_in_force": lambda: at(Phase.PRIVILEGE).but(act=None),
    "_announcer_face_up": lambda: (s := at(Phase.PRIVILEGE)).but(
        face_up=put(s.face_up, s.stone, False)
    ),
    "_asked_to_claim": lambda: (s := at(Phase.PRIVILEGE)).but(discs=put(s.discs, s.seat, False)),
    "_asked_to_support": lambda: (s := at(Phase.SUPPORT)).but(discs=put(s.discs, s.seat, False)),
    "_asked_to_join": lambda: (s := at(Phase.PRIVILEGE)).but(
        phase=Phase.JOIN, discs=put(s.discs, s.seat, False)
    ),
    "_announcer_disc": lambda: (s := at(Phase.PRIVILEGE)).but(discs=put(s.discs, s.stone, False)),
    "_act_only_in_action": lambda: at(Phase.ANNOUNCE).but(act=Announce(Act.INCOME)),
    "_parked": lambda: (s := at(Phase.ANNOUNCE)).but(parked=add(s.parked, Card.NOFU)),
    "_loot": lambda: at(Phase.PRIVILEGE).but(phase=Phase.LOOT, count=0),
    "_invitations": lambda: (s := at(Phase.ANNOUNCE)).but(invited=put(s.invited, 0, 1)),
    "_winner": lambda: at(Phase.ANNOUNCE).but(winner=0),
    "_treasure_drawn": lambda: (s := at(Phase.ANNOUNCE)).but(
        residents=put(s.residents, 0, Card.TREASURE_2)
    ),
    "_treasure_piles": lambda: _with_treasure(at(Phase.ANNOUNCE), Card.TREASURE_2),
}
"""For each check of :data:`INVARIANTS`, by name: a state reached in play, changed so
that it breaks the check's rule."""


def test_every_invariant_names_a_registry_rule() -> None:
    assert unknown_rules("oriente", INVARIANTS) == []


def test_every_invariant_has_a_mutation() -> None:
    assert unmatched(INVARIANTS, MUTATIONS) == ([], [])


@pytest.mark.rule("oriente.position.format")
@pytest.mark.parametrize("invariant", INVARIANTS, ids=lambda i: i.check.__name__)
def test_mutation_trips_its_invariant(invariant: Invariant[State]) -> None:
    trips(invariant, MUTATIONS[invariant.check.__name__](), INVARIANTS)


def test_reached_states_keep_every_invariant() -> None:
    for state in pool()[::5]:
        assert check(state, INVARIANTS) == []
