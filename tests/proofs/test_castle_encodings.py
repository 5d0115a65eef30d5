"""Every z3 encoding in ``proofs/castle.py`` agrees with the code it encodes, on
hypothesis-drawn inputs and on states of seeded games."""

from __future__ import annotations

import random

import pytest
import z3
from hypothesis import given
from hypothesis import strategies as st

import rulespec
from proofs import castle as enc
from rulespec.castle import PlaceDie, Skip, State, agenda, fields, rules, setup, turn
from rulespec.castle import data as castle_data
from rulespec.castle.actions import Deal, End, Pile, TakeDie
from rulespec.castle.components import Colour
from rulespec.castle.state import Family, Phase
from rulespec.castle.tables import TILE_SLOTS, Tables


def _value(expr: z3.ExprRef) -> int:
    return z3.simplify(expr).as_long()  # type: ignore[attr-defined, no-any-return]


def _first_take(players: int, seed: int) -> State:
    rng = random.Random(seed)
    s = rulespec.game("castle", players=players).initial_state()
    while s.phase is not Phase.TAKE:
        if s.is_chance:
            s = s.apply(s.sample_chance(rng))
        else:  # skip what may be skipped (castle.setup.pairs: a resource card's goods may not)
            legal = s.legal_actions()
            s = s.apply(Skip(0) if s.phase is Phase.RESOLVE and Skip(0) in legal else legal[0])
    return s


@given(st.integers(0, 7), st.integers(0, 7), st.integers(0, 7))
def test_capped_is_gain_resources(r: int, a: int, b: int) -> None:
    fam = Family.start(3).but(resources=(r, 0, 0))
    after = agenda.gain_resources(agenda.gain_resources(fam, (a, 0, 0)), (b, 0, 0))
    assert after.resources[0] == _value(enc.capped(enc.capped(z3.IntVal(r), a), b))


@given(st.integers(0, 7), st.integers(0, 7), st.integers(0, 7))
def test_capped_is_the_rule(r: int, a: int, b: int) -> None:
    after = rules.capped_gain(rules.capped_gain((r, 0, 0), (a, 0, 0)), (b, 0, 0))
    assert after[0] == _value(enc.capped(enc.capped(z3.IntVal(r), a), b))


def test_coins_after_is_the_rule() -> None:
    for covered in range(1, 7):
        for die in range(1, 7):
            want = _value(enc.coins_after(z3.IntVal(10), z3.IntVal(die), z3.IntVal(covered)))
            assert 10 + rules.placement_coins(die, covered) == want


def test_bridge_sorted_is_take_die() -> None:
    """The proof's bridge after a left take is the rule's (the emptied middle slot aside)."""
    value, after = rules.take_die((1, 2, 3, 4, 5), 0)
    assert value == 1
    assert after == (2, 0, 3, 4, 5)


@pytest.mark.parametrize("seed", range(4))
def test_coins_after_is_place(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(turn, "field_frames", lambda s, field, colour: ())  # coins only
    for die in range(1, 7):
        s = _first_take(2, seed).but(held=(int(Colour.RED), die, 0), phase=Phase.PLACE)
        s = s.with_family(s.actor, s.family(s.actor).but(coins=10))
        for field in range(11):
            if turn.place_problem(s, field) is not None:
                continue
            covered = fields.covered(s, field, s.actor)
            after = s.apply(PlaceDie(field))
            want = _value(enc.coins_after(z3.IntVal(10), z3.IntVal(die), z3.IntVal(covered)))
            assert after.family(s.actor).coins == want


@pytest.mark.parametrize("players", enc.PLAYER_COUNTS)
def test_dice_and_seats_are_the_games(players: int) -> None:
    settings = {"players": players} | ({"difficulty": "easy"} if players == 1 else {})
    s = rulespec.game("castle", **settings).new_game(1)
    rng = random.Random(players)
    while s.phase is not Phase.TAKE:
        s = s.apply(s.sample_chance(rng) if s.is_chance else s.legal_actions()[0])
    assert all(len(b) == enc.dice_per_colour(players) for b in s.bridges)
    assert len(s.order) == enc.seats(players)


@given(st.lists(st.integers(1, 6), min_size=5, max_size=5).map(sorted))
def test_a_left_take_keeps_the_bridge_sorted(dice: list[int]) -> None:
    s = _first_take(4, 0).but(bridges=(tuple(dice), (1, 2, 3, 4, 5), (1, 2, 3, 4, 5)))
    after = s.apply(TakeDie(Colour.RED, End.LEFT))
    left = [v for v in after.bridges[0] if v]
    assert left == dice[1:] == sorted(left)


def _sat(*facts: z3.BoolRef) -> bool:
    solver = z3.Solver()
    solver.add(*facts)
    return solver.check() == z3.sat


def test_effect_graph_is_the_loaders(monkeypatch: pytest.MonkeyPatch) -> None:
    shipped = castle_data.to_json(castle_data.default())
    seen: list[dict[str, set[str]]] = []
    cycles = castle_data._cycles
    monkeypatch.setattr(castle_data, "_cycles", lambda g: seen.append(dict(g)) or cycles(g))
    loaded = castle_data.load(shipped)
    assert seen == [enc.effect_graph(loaded)]
    assert enc.chain_bound(seen[0]) > 1  # the shipped data has free triggers to follow


_GRAPHS = st.integers(1, enc.SHAPE_NODES).flatmap(
    lambda n: st.lists(st.sets(st.integers(0, n - 1), max_size=n), min_size=n, max_size=n)
)


@given(_GRAPHS)
def test_chain_encodings_are_the_loaders_cycle_check(succ: list[set[int]]) -> None:
    n = len(succ)
    graph = {f"a{u}": {f"a{v}" for v in vs} for u, vs in enumerate(succ)}
    refused = bool(castle_data._cycles(graph))
    e = enc.edges(n)
    concrete = [e[u][v] == (v in succ[u]) for u in range(n) for v in range(n)]
    assert _sat(*concrete, *enc.accepted(e)) is not refused
    x = enc.chain(n)
    assert _sat(*concrete, *enc.in_graph(n, x), enc.symbolic_walk(e, x)) is refused
    assert _sat(*enc.walk(graph, enc.chain_bound(graph))) is refused


def _before_numbered_tiles() -> State:
    s = rulespec.game("castle", players=2).initial_state()
    rng = random.Random(0)
    while setup.next_pile(s) is not Pile.TILE or len(s.diamond) < 3:
        s = s.apply(s.sample_chance(rng))
    return s


def _deal_tiles(order: list[int]) -> State:
    """The game's setup, dealing the numbered tiles in ``order`` (tile indices)."""
    s = _before_numbered_tiles()
    for item in order:
        s = s.apply(Deal(Pile.TILE, item))
    assert setup.next_pile(s) is not Pile.TILE
    return s


_PILE = setup.pool(_before_numbered_tiles(), Pile.TILE)


def _ending_in_one_colour(colour: Colour) -> st.SearchStrategy[list[int]]:
    """Orders whose last tiles all have ``colour``: where the move-on rule runs out of
    other colours (ruling castle.setup.tile_swap_edge), rare among uniform shuffles."""
    tiles = _before_numbered_tiles().game.data.die_tiles
    last = [i for i in _PILE if tiles[i].colour is colour]
    rest = [i for i in _PILE if tiles[i].colour is not colour]
    return st.permutations(rest).map(lambda head: [*head, *last])


@given(st.one_of(st.permutations(_PILE), *[_ending_in_one_colour(c) for c in Colour]))
def test_place_tile_is_setup(order: list[int]) -> None:
    s = _deal_tiles(order)
    tiles = s.game.data.die_tiles
    assert {c: sum(tiles[i].colour is c for i in order) for c in Colour} == enc.tile_pile()
    t = Tables.of(s.game.data)
    colours = [z3.IntVal(int(tiles[i].colour)) for i in order]
    slots: list[z3.ExprRef] = [z3.IntVal(enc.EMPTY)] * TILE_SLOTS
    for k in range(len(order)):
        slots = [z3.simplify(v) for v in enc.place_tile(t, slots, colours[k], colours[k + 1 :])]
    assert [_value(v) for v in slots] == [int(tiles[i].colour) for i in s.tiles]
    for room in range(len(t.room_slots)):
        want = {int(c) for c in s.room_tiles(room)}
        assert {_value(v) for v in enc.room_colours(t, slots, room)} == want


def test_the_tile_witness_leaves_a_room_one_coloured_in_the_game() -> None:
    facts, statement = enc._tile_setup()
    solver = z3.Solver()
    solver.add(*facts, z3.Not(statement))
    assert solver.check() == z3.sat
    model = solver.model()
    wanted = [model.eval(z3.Int(f"tile_{k}")).as_long() for k in range(TILE_SLOTS)]
    tiles = _before_numbered_tiles().game.data.die_tiles
    left = list(_PILE)
    order = []
    for colour in wanted:  # the first tile left of each colour the witness names
        item = next(i for i in left if int(tiles[i].colour) == colour)
        left.remove(item)
        order.append(item)
    s = _deal_tiles(order)
    assert any(len(set(s.room_tiles(r))) < 2 for r in range(5))
