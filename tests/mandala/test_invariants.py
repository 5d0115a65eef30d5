"""The table of Mandala invariants (rulespec/mandala/invariants.py): each is tied to a rule
of the registry, each has a mutation of a state reached in play that trips it, and every
message it gives names its rule."""

from __future__ import annotations

import functools
from collections.abc import Callable

import pytest

import rulespec
from rulespec.core.invariants import Invariant, check
from rulespec.mandala.components import NO_CARDS, TILES, Colour, add
from rulespec.mandala.invariants import INVARIANTS, SETTLING
from rulespec.mandala.scoring import Holdings
from rulespec.mandala.state import Area, Phase, State

from ..position_mutations import played, trips, unknown_rules, unmatched


@functools.cache
def pool(players: int = 3) -> tuple[State, ...]:
    """Every state of three seeded random games, setup included."""
    return played(rulespec.game("mandala", players=players), range(3), setup=True)


def find(wanted: Callable[[State], bool], players: int = 3) -> State:
    return next(s for s in pool(players) if wanted(s))


def at(phase: Phase) -> State:
    return find(lambda s: s.phase is phase)


def area(s: State, m: int, **changes: object) -> State:
    """``s`` with mandala ``m`` changed."""
    areas = list(s.mandalas)
    areas[m] = areas[m].but(**changes)
    return s.but(mandalas=tuple(areas))


def _face_up_for(s: State, m: int, seats: tuple[int, ...], colour: Colour) -> State:
    a = s.mandalas[m]
    up = tuple(add(u, colour, 1) if i in seats else u for i, u in enumerate(a.up))
    return area(s, m, up=up)


def _missing_colour(s: State, m: int) -> Colour:
    return next(c for c in Colour if c not in s.mandalas[m].colours())


def _played_into(s: State) -> bool:
    return s.phase is Phase.DRAW and s.played is not None


def _marker_held(s: State) -> bool:
    return s.phase is Phase.PLAY and any(a.marker is not None for a in s.mandalas)


def _held(s: State) -> int:
    return next(m for m, a in enumerate(s.mandalas) if a.marker is not None)


def _three_flowers(s: State) -> State:
    tiles = sorted(TILES)
    flowers = tuple((tiles[2 * i], tiles[2 * i + 1]) for i in range(3))
    return s.but(holdings=(Holdings(flowers=flowers), *s.holdings[1:]))


MUTATIONS: dict[str, Callable[[], State]] = {
    "_two_tiles": lambda: area(s := at(Phase.PLAY), 0, tiles=s.mandalas[0].tiles[:1]),
    "_restarted": lambda: area(at(Phase.PLAY), 0, tiles=()),
    "_out_of_tiles": lambda: area(
        find(lambda s: s.phase is Phase.PLAY and any(map(any, s.mandalas[0].up))),
        0,
        tiles=(),
    ).but(dark=frozenset(), light=frozenset()),
    "_face_up_once": lambda: _face_up_for(s := at(Phase.PLAY), 0, (0, 1), _missing_colour(s, 0)),
    "_face_down_present": lambda: area(
        s := at(Phase.PLAY),
        0,
        down=(add(NO_CARDS, _missing_colour(s, 0), 1), *s.mandalas[0].down[1:]),
    ),
    "_resolved_when_complete": lambda: area(
        s := at(Phase.PLAY), 0, up=((1,) * len(Colour), *s.mandalas[0].up[1:])
    ),
    "_majority": lambda: area(s := find(_marker_held), _held(s), marker=None),
    "_cards": lambda: (s := at(Phase.PLAY)).but(deck=add(s.deck, Colour.RED, 1)),
    "_stacks_alike": lambda: (s := at(Phase.PLAY)).but(dark=frozenset(list(s.dark)[1:])),
    "_hands_not_empty": lambda: (s := at(Phase.PLAY)).but(
        hands=(NO_CARDS, *s.hands[1:]), deck=s.deck
    ),
    "_stalled": lambda: (s := at(Phase.PLAY)).but(
        hands=tuple(
            add(NO_CARDS, Colour.RED, 1) if i == s.seat else h for i, h in enumerate(s.hands)
        ),
        deck=NO_CARDS,
        discard=NO_CARDS,
    ),
    "_third_flower": lambda: _three_flowers(
        find(lambda s: s.phase is Phase.PLAY and s.seat == 0 and s.turn > 0)
    ),
    "_drawer_played": lambda: (s := find(_played_into)).but(seat=(s.seat + 1) % s.players),
    "_only_played_completes": lambda: (s := at(Phase.TAKE_TILE)).but(
        played=(s.resolving + 1) % 3 if s.resolving is not None else 0
    ),
    "_completer_played": lambda: (s := at(Phase.TAKE_TILE)).but(
        seat=next(
            t
            for t in range(s.players)
            if s.played is not None and not s.mandalas[s.played].totals()[t]
        )
    ),
    "_resolving_named": lambda: at(Phase.TAKE_TILE).but(resolving=None),
    "_runner_up": lambda: area(
        s := at(Phase.TAKE_TILE),
        s.resolving or 0,
        up=tuple(
            u if i == s.mandalas[s.resolving or 0].marker else NO_CARDS
            for i, u in enumerate(s.mandalas[s.resolving or 0].up)
        ),
        down=tuple(
            d if i == s.mandalas[s.resolving or 0].marker else NO_CARDS
            for i, d in enumerate(s.mandalas[s.resolving or 0].down)
        ),
    ),
    "_played_named": lambda: at(Phase.DRAW).but(played=None),
    "_final_order": lambda: at(Phase.PLAY).but(phase=Phase.FINAL_ORDER, final=None),
    "_restarting_named": lambda: at(Phase.NEW_TILES).but(resolving=None),
    "_nothing_dealt": lambda: at(Phase.PLAY).but(pending=1),
    "_setup_tiles": lambda: at(Phase.SETUP_TILES).but(pending=1),
    "_starting_hands": lambda: (s := at(Phase.DEAL)).but(pending=s.pending + 1),
    "_tiles_before_hands": lambda: area(s := at(Phase.DEAL), 0, tiles=s.mandalas[0].tiles[:1]),
    "_draw_count": lambda: at(Phase.DRAW).but(pending=9),
    "_no_tiles_left": lambda: at(Phase.NEW_TILES).but(dark=frozenset(), light=frozenset()),
    "_new_tiles": lambda: at(Phase.NEW_TILES).but(pending=3),
}
"""For each check of :data:`INVARIANTS`, by name: a state reached in play, changed so
that it breaks the check's rule."""


def test_every_invariant_names_a_registry_rule() -> None:
    assert unknown_rules("mandala", INVARIANTS) == []


def test_every_invariant_has_a_mutation() -> None:
    assert unmatched(INVARIANTS, MUTATIONS) == ([], [])


def test_the_loader_settles_what_the_settling_table_leaves_out() -> None:
    left_out = {i.rule for i in INVARIANTS} - {i.rule for i in SETTLING}
    assert left_out == {"mandala.end.stalled", "mandala.end.no_tiles"}


@pytest.mark.rule("mandala.position.format")
@pytest.mark.parametrize("invariant", INVARIANTS, ids=lambda i: i.check.__name__)
def test_mutation_trips_its_invariant(invariant: Invariant[State]) -> None:
    trips(invariant, MUTATIONS[invariant.check.__name__](), INVARIANTS)


def test_reached_states_keep_every_invariant() -> None:
    for state in pool()[::10]:
        assert check(state, INVARIANTS) == []


def test_an_area_is_a_mandala() -> None:
    assert isinstance(pool()[-1].mandalas[0], Area)
