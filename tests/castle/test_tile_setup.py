"""Every order of the shuffled die tiles' colours, dealt through the game's own setup:
the move-on rule (castle.setup.die_tiles) leaves a room in one colour only in the orders
where no tile of another colour is left (ruling castle.setup.tile_swap_edge)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import rulespec
from rulespec.castle import State, setup
from rulespec.castle.actions import Deal, Pile
from rulespec.castle.components import Colour


def _before_numbered_tiles() -> State:
    s = rulespec.game("castle", players=2).initial_state()
    rng = random.Random(0)
    while setup.next_pile(s) is not Pile.TILE or len(s.diamond) < 3:
        s = s.apply(s.sample_chance(rng))
    return s


def _orders(counts: dict[Colour, int]) -> Iterator[tuple[Colour, ...]]:
    """Every order of a multiset of colours."""
    if not any(counts.values()):
        yield ()
        return
    for c in list(counts):
        if counts[c]:
            counts[c] -= 1
            for rest in _orders(counts):
                yield (c, *rest)
            counts[c] += 1


@pytest.mark.rule("castle.setup.die_tiles", "castle.setup.tile_swap_edge")
def test_every_colour_order_of_the_tiles() -> None:
    base = _before_numbered_tiles()
    tiles = base.game.data.die_tiles
    left = setup.pool(base, Pile.TILE)
    by_colour = {c: [i for i in left if tiles[i].colour is c] for c in Colour}
    orders = 0
    single: list[tuple[Colour, ...]] = []
    for order in _orders({c: len(v) for c, v in by_colour.items()}):
        s = base
        used = dict.fromkeys(Colour, 0)
        for c in order:
            s = s.apply(Deal(Pile.TILE, by_colour[c][used[c]]))
            used[c] += 1
            if setup.next_pile(s) is not Pile.TILE:
                break
        orders += 1
        if any(len(set(s.room_tiles(r))) < 2 for r in range(5)):
            single.append(order)
    assert orders == 34650  # 12 tiles, 4 of each colour
    # the witnesses: the last tiles drawn share one colour, so nothing else can move in
    assert len(single) == 120
    assert all(len(set(order[-3:])) == 1 for order in single)
